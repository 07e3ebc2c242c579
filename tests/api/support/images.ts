/** Image files for upload tests: real ones made with sharp, and hostile ones assembled byte by byte. */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

const IEND = pngChunk('IEND', Buffer.alloc(0));

export async function photoPng(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0e7c86' } })
    .png()
    .toBuffer();
}

/** A PNG of exactly `bytes` bytes: a real image padded with a private ancillary chunk before IEND. */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const base = await photoPng(64, 64);
  const withoutEnd = base.subarray(0, base.length - IEND.length);
  const filler = bytes - withoutEnd.length - IEND.length - 12;
  return Buffer.concat([withoutEnd, pngChunk('prVt', Buffer.alloc(filler)), IEND]);
}

/** A JPEG carrying EXIF metadata (such as a phone photo's). */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#884400' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Phone Owner', Copyright: 'secret location 51.5N 0.1W' } })
    .toBuffer();
}

/** Only a header: a 30,000 × 30,000 PNG (900 megapixels) with a tiny, valid compressed stream. */
export function bombPngHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    IEND,
  ]);
}

/** The first half of a real PNG's data, properly ended: the file parses, the image is incomplete. */
export async function truncatedPng(): Promise<Buffer> {
  const noisy = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return Buffer.concat([noisy.subarray(0, Math.floor(noisy.length / 2)), IEND]);
}

/** A real PNG with an HTML page after its end. */
export async function htmlPolyglotPng(): Promise<Buffer> {
  return Buffer.concat([await photoPng(32, 32), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
}

/** A real PNG whose text chunk carries a script. */
export async function scriptInChunkPng(): Promise<Buffer> {
  const base = await photoPng(32, 32);
  const withoutEnd = base.subarray(0, base.length - IEND.length);
  return Buffer.concat([withoutEnd, pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>')), IEND]);
}

export const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const SVG_WITH_ONLOAD = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
