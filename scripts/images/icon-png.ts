/** The PWA icons as PNG, dependency-free: the brand mark rasterised from signed distance fields (analytic anti-aliasing) and encoded by hand with node:zlib. */
import zlib from 'node:zlib';
import { MARK, markVertices, THEME, THEME_DARK } from './brand';

type Sdf = (x: number, y: number) => number;

const sdCircle =
  (cx: number, cy: number, r: number): Sdf =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;

function sdSegment(ax: number, ay: number, bx: number, by: number, r: number): Sdf {
  return (x, y) => {
    const px = x - ax;
    const py = y - ay;
    const ex = bx - ax;
    const ey = by - ay;
    const t = Math.max(0, Math.min(1, (px * ex + py * ey) / (ex * ex + ey * ey)));
    return Math.hypot(px - ex * t, py - ey * t) - r;
  };
}

/** Rounded box centred at (cx, cy) with half sizes hx, hy and corner radius r. */
function sdRoundBox(cx: number, cy: number, hx: number, hy: number, r: number): Sdf {
  return (x, y) => {
    const qx = Math.abs(x - cx) - hx + r;
    const qy = Math.abs(y - cy) - hy + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
}

const union =
  (...shapes: Sdf[]): Sdf =>
  (x, y) =>
    Math.min(...shapes.map((s) => s(x, y)));

function markSdf(cx: number, cy: number, scale: number): Sdf {
  const vertices = markVertices(cx, cy, scale);
  const shapes: Sdf[] = [];
  for (let i = 0; i < 6; i++) {
    const [ax, ay] = vertices[i]!;
    const [bx, by] = vertices[(i + 1) % 6]!;
    shapes.push(sdSegment(ax, ay, bx, by, (MARK.ringStroke * scale) / 2));
  }
  for (const i of MARK.atomVertices) shapes.push(sdCircle(vertices[i]![0], vertices[i]![1], MARK.atom * scale));
  const arm = MARK.crossArm * scale;
  const half = MARK.crossHalfWidth * scale;
  shapes.push(sdRoundBox(cx, cy, half, arm, half * 0.4), sdRoundBox(cx, cy, arm, half, half * 0.4));
  return union(...shapes);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes straight (non-premultiplied) RGBA pixels as a PNG. */
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

interface IconOptions {
  size: number;
  /** Corner radius as a fraction of the size; 0 for a full-bleed square. */
  cornerRadius: number;
  /** Mark radius as a fraction of the size. */
  markScale: number;
}

export function renderIcon({ size, cornerRadius, markScale }: IconOptions): Buffer {
  const top = hexToRgb(THEME);
  const bottom = hexToRgb(THEME_DARK);
  const background = cornerRadius > 0 ? sdRoundBox(size / 2, size / 2, size / 2, size / 2, cornerRadius * size) : () => -size;
  const mark = markSdf(size / 2, size / 2, markScale * size);
  const pixels = new Uint8Array(size * size * 4);
  const coverage = (distance: number) => Math.max(0, Math.min(1, 0.5 - distance));
  for (let y = 0; y < size; y++) {
    const t = y / (size - 1);
    const bg = top.map((c, i) => c + (bottom[i]! - c) * t);
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const bgAlpha = coverage(background(px, py));
      const markAlpha = coverage(mark(px, py)) * bgAlpha;
      const offset = (y * size + x) * 4;
      for (let i = 0; i < 3; i++) pixels[offset + i] = Math.round(bg[i]! * (1 - markAlpha) + 255 * markAlpha);
      pixels[offset + 3] = Math.round(bgAlpha * 255);
    }
  }
  return encodePng(size, size, pixels);
}
