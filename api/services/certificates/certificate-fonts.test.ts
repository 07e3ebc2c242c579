/** Text is cut into runs of one font file each, so every script of a name prints; controls never do. */
import { describe, expect, it } from 'vitest';
import { fontFile, textRuns } from './certificate-fonts';

describe('textRuns', () => {
  it('gives Latin, Latin Extended, Greek, Cyrillic and Chinese their own files, a space staying with the run before it', () => {
    const runs = textRuns('Łucja Ωmega Ёж 王小明', 700);
    expect(runs.map((r) => r.text).join('')).toBe('Łucja Ωmega Ёж 王小明');
    expect(runs[0]).toEqual({ font: 'noto-sans-latin-ext-700', text: 'Ł' });
    expect(runs[1]).toEqual({ font: 'noto-sans-latin-700', text: 'ucja ' });
    expect(runs.find((r) => r.text.startsWith('Ω'))?.font).toBe('noto-sans-greek-700');
    expect(runs.find((r) => r.text.startsWith('Ёж'))?.font).toBe('noto-sans-cyrillic-700');
    expect(runs.filter((r) => /[王小明]/.test(r.text)).every((r) => r.font.startsWith('noto-sans-sc-'))).toBe(true);
    // Each file is handed to pdfkit as the TrueType font its WOFF wraps.
    for (const run of runs) expect(fontFile(run.font).readUInt32BE(0)).toBe(0x00010000);
  });

  it('drops control characters and bidirectional overrides', () => {
    expect(textRuns('Ann\u0007\u202e\u0000e', 400)).toEqual([{ font: 'noto-sans-latin-400', text: 'Anne' }]);
  });
});
