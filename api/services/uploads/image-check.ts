/**
 * What an uploaded file really is, by its bytes (never its name or declared type): PNG, JPEG or
 * WebP, nothing before or after the image (so an HTML or script polyglot is refused), no markup
 * anywhere in it, dimensions read from the header and refused above 40 megapixels before anything
 * is decoded, and a complete image (a truncated file fails to decode). What passes is re-encoded
 * with sharp into WebP sizes — which also drops metadata such as a phone photo's GPS position.
 */
import sharp from 'sharp';
import { MAX_UPLOAD_PIXELS, UPLOAD_MESSAGES, UPLOAD_WIDTHS, type UPLOAD_TYPES } from '@contracts/uploads';
import { AppError } from '../../errors';

export type ImageType = (typeof UPLOAD_TYPES)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/**
 * Markup a browser or an interpreter would run if it ever took the file for a page. Only tags long
 * enough not to turn up by chance in compressed pixels (a 10 MB photo matches with odds below 1 in 1,000).
 */
const MARKUP = /<(?:script|iframe|object|embed|\?php|!doctype)|<(?:html|body|svg)[\s>/]/i;

const notImage = () => new AppError('unsupported_media_type', UPLOAD_MESSAGES.notImage);

/** The type by the file's signature, or null. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** True when the file ends exactly where its format says the image ends. */
function endsAtImageEnd(bytes: Buffer, type: ImageType): boolean {
  if (type === 'image/png') return bytes.length >= PNG_END.length && bytes.subarray(bytes.length - PNG_END.length).equals(PNG_END);
  if (type === 'image/jpeg') return bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  // RIFF: the size field counts what follows it; chunks are padded to even lengths.
  const riffSize = bytes.readUInt32LE(4);
  return riffSize + 8 === bytes.length;
}

export interface CheckedImage {
  type: ImageType;
  width: number;
  height: number;
  /** The WebP sizes, smallest first, with their widths as requested (UPLOAD_WIDTHS). */
  sizes: Array<{ width: (typeof UPLOAD_WIDTHS)[number]; data: Buffer }>;
}

/** Checks the bytes and re-encodes them; a 415 AppError says why a file is refused. */
export async function checkAndEncodeImage(bytes: Buffer): Promise<CheckedImage> {
  const type = sniffImageType(bytes);
  if (!type || !endsAtImageEnd(bytes, type) || MARKUP.test(bytes.toString('latin1'))) throw notImage();

  // The header alone: a 30,000 × 30,000 "image" is refused here, before a pixel is decoded.
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw notImage();
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
    if (meta.format !== { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[type]) throw notImage();
    if ((meta.pages ?? 1) > 1) throw notImage();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notImage();
  }
  if (width * height > MAX_UPLOAD_PIXELS) throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.tooManyPixels);

  try {
    const sizes = await Promise.all(
      UPLOAD_WIDTHS.map(async (w) => ({
        width: w,
        data: await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'truncated' })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return { type, width, height, sizes };
  } catch {
    throw notImage();
  }
}
