/** A request's raw body read up to `maxBytes`: refused (413) as soon as it goes past, not after. */
import type { Readable } from 'node:stream';
import { AppError } from '../errors';

export async function readLimitedBody(body: Readable, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError('payload_too_large', tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
