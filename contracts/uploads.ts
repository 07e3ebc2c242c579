/**
 * Image upload (back-office spec §5, §7, §8, §9): `POST /api/objects/upload` hands out a
 * single-use address; the file is PUT straight to it with its content type; the stored image path
 * is `/objects/uploads/{id}.webp`. Every upload is checked by its bytes and re-encoded into WebP
 * sizes, so a card can download the small one (`imageSrcSet`).
 */
import { z } from 'zod';

export { imageSrcSet, uploadedImageId, uploadedImagePath, uploadedImageSize, UPLOAD_WIDTHS } from './image-paths';

/** 10 MB (spec §9). */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** Decompression bombs: refused from the header, before decoding. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const UPLOAD_MESSAGES = {
  tooLarge: `File size must be less than ${MAX_UPLOAD_BYTES / 1024 / 1024}MB`,
  tooLargeTitle: 'File too large',
  notImage: 'Please select an image file',
  notImageTitle: 'Invalid file type',
  failed: 'Failed to upload image. Please try again.',
  failedTitle: 'Upload failed',
  done: 'Image uploaded successfully',
  tooManyPixels: `The image is too large: at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels`,
  unusable: 'Please upload the image again: this image is not available',
  keptTitle: 'Image kept on this device',
  kept: 'It will be uploaded when the connection is back, before the changes that use it.',
} as const;

/** Body of `POST /api/objects/upload`: optional hints, checked early so a wrong file fails before it is sent. */
export const uploadRequestSchema = z
  .object({
    contentType: z.string().max(100).optional(),
    size: z.number({ error: 'size must be a number of bytes' }).int().min(0).optional(),
  })
  .strict();
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export interface UploadTicket {
  /** PUT the file here with its Content-Type; single use, expires within 10 minutes. */
  uploadURL: string;
  /** What a course or instructor stores once the upload is complete. */
  objectPath: string;
  /** POST here after the PUT: the object is checked and its sizes made (needed for S3; harmless locally). */
  completeURL: string;
}
