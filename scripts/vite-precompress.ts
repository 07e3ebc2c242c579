/**
 * A Vite plugin that writes `.br` and `.gz` beside every compressible build output of at least
 * 1 KB, after everything else (the service worker included) has been written. The server
 * (`api/middleware/static-files.ts`) sends them to clients that accept them, so assets are
 * compressed once at build time at the highest levels instead of on every request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './vite-after-build';

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompressDirectory(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    count += 1;
    bytes += data.length;
    brotliBytes += br.length;
  }
  return { files: count, bytes, brotliBytes };
}

export function precompress(): Plugin {
  return afterBuild('precompress', 'closeBundle', function (outDir) {
    const result = precompressDirectory(outDir);
    this.info?.(`precompressed ${result.files} files: ${(result.bytes / 1024).toFixed(0)} KiB → ${(result.brotliBytes / 1024).toFixed(0)} KiB brotli`);
  });
}
