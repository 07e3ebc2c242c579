/**
 * A PDF sent as a request's raw body (`Content-Type: application/pdf`): read up to `maxBytes`
 * (refused as soon as it goes past, not after) and checked by its bytes — a PDF starts with
 * "%PDF-" within its first KB and has an end-of-file mark in its last. Lesson documents and
 * self-reported certificates are uploaded this way.
 */
import type { Readable } from 'node:stream';
import { AppError } from '../errors';
import { readLimitedBody } from './limited-body';

export async function readPdfBody(body: Readable, contentType: string, maxBytes: number, notPdf: string): Promise<Buffer> {
  if (!/^application\/pdf\b/i.test(contentType)) throw new AppError('unsupported_media_type', notPdf);
  const data = await readLimitedBody(body, maxBytes, `The document must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (!data.subarray(0, 1024).toString('latin1').includes('%PDF-') || !data.subarray(-1024).toString('latin1').includes('%%EOF')) {
    throw new AppError('unsupported_media_type', notPdf);
  }
  return data;
}
