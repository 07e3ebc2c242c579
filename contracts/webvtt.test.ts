import { describe, expect, it } from 'vitest';
import { parseVtt } from './webvtt';

describe('parseVtt', () => {
  it('reads cues with or without hours, drops tags and cue ids, and takes CRLF and a BOM', () => {
    const vtt =
      '\uFEFFWEBVTT Lesson 1\r\n\r\nintro\r\n00:00.000 --> 00:03.500\r\n<v Anna>Welcome</v> to\r\nthe course.\r\n\r\n01:02:03,250 --> 01:02:05.000 align:start\r\nLater on.\r\n\r\nNOTE a comment\r\n';
    expect(parseVtt(vtt)).toEqual([
      { start: 0, end: 3.5, text: 'Welcome to the course.' },
      { start: 3723.25, end: 3725, text: 'Later on.' },
    ]);
  });

  it('answers null for a file that is not WebVTT, and no cues for an empty one', () => {
    expect(parseVtt('1\n00:00:00,000 --> 00:00:01,000\nan SRT file\n')).toBeNull();
    expect(parseVtt('WEBVTTX\n')).toBeNull();
    expect(parseVtt('WEBVTT\n')).toEqual([]);
  });
});
