/**
 * Fonts that print every holder's name (issue 32, point 2): Noto Sans for Latin, Latin Extended,
 * Greek, Cyrillic and Vietnamese, and Noto Sans SC for Chinese (and the Japanese and Korean
 * characters it carries), shipped in npm packages (`@fontsource/noto-sans`, `@fontsource/noto-sans-sc`)
 * — nothing is fetched. Those packages split each font into files by Unicode range
 * (`unicode.json`), so text is cut into runs, each printed with the file that has its characters.
 * Read once per process; pdfkit embeds only the glyphs a certificate uses.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

export type FontWeight = 400 | 700;

interface Subset {
  /** `noto-sans-latin`, `noto-sans-sc-119`, … (the file's name before the weight). */
  name: string;
  dir: string;
  ranges: Array<[number, number]>;
}

export interface TextRun {
  /** The font's name, registered with the document by `fontFor`. */
  font: string;
  text: string;
}

const require = createRequire(import.meta.url);

function readSubsets(pkg: string, prefix: string): Subset[] {
  const dir = path.dirname(require.resolve(`${pkg}/unicode.json`));
  const table = JSON.parse(fs.readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
  return Object.entries(table).map(([key, spec]) => ({
    name: `${prefix}-${key.replace(/[[\]]/g, '')}`,
    dir: path.join(dir, 'files'),
    ranges: spec.split(',').map((part) => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      const start = parseInt(from!, 16);
      return [start, to ? parseInt(to, 16) : start] as [number, number];
    }),
  }));
}

let subsets: Subset[] | undefined;
/** Noto Sans first (Latin before Latin Extended before the rest), then the Chinese slices. */
function allSubsets(): Subset[] {
  if (!subsets) {
    const order = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese', 'devanagari'];
    const sans = readSubsets('@fontsource/noto-sans', 'noto-sans').sort(
      (a, b) => order.indexOf(a.name.slice('noto-sans-'.length)) - order.indexOf(b.name.slice('noto-sans-'.length)),
    );
    subsets = [...sans, ...readSubsets('@fontsource/noto-sans-sc', 'noto-sans-sc')];
  }
  return subsets;
}

function subsetOf(codePoint: number): Subset {
  const all = allSubsets();
  return all.find((s) => s.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) ?? all[0]!;
}

/** C0 and C1 controls and the bidirectional overrides: never printed (a name is text). */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as runs of one font each (controls dropped; a space stays in the run before it). */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text.replace(UNPRINTABLE, '')) {
    const subset = char === ' ' && runs.length > 0 ? null : subsetOf(char.codePointAt(0)!);
    const font = subset ? `${subset.name}-${weight}` : runs[runs.length - 1]!.font;
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/**
 * A WOFF 1.0 font as the TrueType/OpenType file it wraps (each table inflated by Node's zlib). fontkit
 * reads WOFF too, but inflates its tables in JavaScript on every document (about 250 ms a
 * certificate); its WOFF2 reader fails on composite glyphs.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((d) => woff.readUInt32BE(at + d)) as [number, number, number, number, number];
    const stored = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? zlib.inflateSync(stored) : stored };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const files = new Map<string, Buffer>();
/** The bytes of a run's font (TrueType, from the package's WOFF), read and converted once per process. */
export function fontFile(font: string): Buffer {
  let bytes = files.get(font);
  if (!bytes) {
    const weight = font.slice(font.lastIndexOf('-') + 1);
    const name = font.slice(0, font.lastIndexOf('-'));
    const subset = allSubsets().find((s) => s.name === name);
    if (!subset) throw new Error(`No font ${font}`);
    bytes = woffToSfnt(fs.readFileSync(path.join(subset.dir, `${name}-${weight}-normal.woff`)));
    files.set(font, bytes);
  }
  return bytes;
}

/** Draws a line of runs from (x, y), each in its own font. */
export function drawRuns(doc: PDFKit.PDFDocument, runs: TextRun[], x: number, y: number, size: number, color: string) {
  let left = x;
  for (const run of runs) {
    use(doc, run.font).fontSize(size).fillColor(color).text(run.text, left, y, { lineBreak: false });
    left += doc.widthOfString(run.text);
  }
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();
/** Switches to `font`, registering its file with this document the first time. */
export function use(doc: PDFKit.PDFDocument, font: string): PDFKit.PDFDocument {
  const fonts = registered.get(doc) ?? new Set<string>();
  registered.set(doc, fonts);
  if (!fonts.has(font)) {
    doc.registerFont(font, fontFile(font));
    fonts.add(font);
  }
  return doc.font(font);
}

/** `text` on one line from (x, y), cut into runs per script. */
export function drawText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number, weight: FontWeight, color = '#242424') {
  drawRuns(doc, textRuns(text, weight), x, y, size, color);
}
