/**
 * WebVTT captions read as a transcript: the cues' times and text (tags removed). The server makes
 * a lesson's transcript from its captions; the app makes it from a download's copy when offline.
 */

export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

/** `GET /api/lessons/:id/transcript`: the first captions' language and cues (none without captions). */
export interface Transcript {
  lang: string | null;
  cues: TranscriptCue[];
}

const TIMING = /^(?:(\d{1,2}):)?(\d{2}):(\d{2})[.,](\d{3})\s+-->\s+(?:(\d{1,2}):)?(\d{2}):(\d{2})[.,](\d{3})/;

/** The cues of a WebVTT file; null when the text is not WebVTT (it must start with "WEBVTT"). */
export function parseVtt(vtt: string): TranscriptCue[] | null {
  const text = vtt.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) return null;
  const cues: TranscriptCue[] = [];
  for (const block of text.split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0) continue;
    const m = TIMING.exec(lines[at]!)!;
    const seconds = (h: string | undefined, mm: string, ss: string, ms: string) => Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + Number(ms) / 1000;
    const cueText = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim();
    if (cueText) cues.push({ start: seconds(m[1], m[2]!, m[3]!, m[4]!), end: seconds(m[5], m[6]!, m[7]!, m[8]!), text: cueText });
  }
  return cues;
}
