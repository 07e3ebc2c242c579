import { describe, expect, it } from 'vitest';
import { lowestRendition, segmentAt } from './start-media';

const BASE = 'https://academy.test/media/lessons/l1/cred/';

describe('the first frame’s media', () => {
  it('picks the rendition with the lowest bandwidth, wherever it is listed', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"',
      '720p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
      '360p/index.m3u8',
      '',
    ].join('\n');
    expect(lowestRendition(master, `${BASE}master.m3u8`)).toBe(`${BASE}360p/index.m3u8`);
    expect(lowestRendition('#EXTM3U\n', `${BASE}master.m3u8`)).toBeNull();
  });

  it('finds the segment that holds the resume point, the last one past the end, none in an empty playlist', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:6',
      '#EXTINF:6.000000,',
      'seg_00001.ts',
      '#EXTINF:6.000000,',
      'seg_00002.ts',
      '#EXTINF:2.5,',
      'seg_00003.ts',
      '#EXT-X-ENDLIST',
    ].join('\r\n');
    const url = `${BASE}360p/index.m3u8`;
    expect(segmentAt(playlist, url, 0)).toBe(`${BASE}360p/seg_00001.ts`);
    expect(segmentAt(playlist, url, 5.9)).toBe(`${BASE}360p/seg_00001.ts`);
    expect(segmentAt(playlist, url, 6)).toBe(`${BASE}360p/seg_00002.ts`);
    expect(segmentAt(playlist, url, 13)).toBe(`${BASE}360p/seg_00003.ts`);
    expect(segmentAt(playlist, url, 99)).toBe(`${BASE}360p/seg_00003.ts`);
    expect(segmentAt('#EXTM3U\n#EXT-X-ENDLIST\n', url, 0)).toBeNull();
  });
});
