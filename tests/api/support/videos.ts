/**
 * Video test material, made at test time (nothing downloaded): short `testsrc` videos encoded by
 * the ffmpeg binary the app uses, a wrapper that makes ffmpeg run in real time (to catch a
 * transcode in the middle), and a small tus 1.0.0 client over fetch and node:http.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { transcodeSettings } from '@api/services/video/tools';

const tools = transcodeSettings(undefined);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-videos-'));

/** An MP4 (H.264, with a tone unless `silent`) of `seconds` of testsrc at `width`×`height`, 25 fps. */
export function makeTestVideo(options: { seconds: number; width: number; height: number; silent?: boolean }): Buffer {
  const file = path.join(dir, `testsrc-${options.width}x${options.height}-${options.seconds}s${options.silent ? '-silent' : ''}.mp4`);
  if (!fs.existsSync(file)) {
    const audio = options.silent ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${options.seconds}`];
    const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${options.seconds}:size=${options.width}x${options.height}:rate=25`, ...audio];
    const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(options.silent ? [] : ['-c:a', 'aac', '-shortest']), file];
    const result = spawnSync(tools.ffmpegPath, [...args, ...encode]);
    if (result.status !== 0) throw new Error(`ffmpeg could not make the test video: ${result.stderr}`);
  }
  return fs.readFileSync(file);
}

/** An ffmpeg that reads its input in real time (`-re`): a transcode lasts as long as the video. */
export function realTimeFfmpeg(): string {
  const file = path.join(dir, 'ffmpeg-real-time.sh');
  fs.writeFileSync(file, `#!/bin/sh\nexec "${tools.ffmpegPath}" -re "$@"\n`, { mode: 0o755 });
  return file;
}

export const TUS = { 'Tus-Resumable': '1.0.0' };
const OCTETS = { 'Content-Type': 'application/offset+octet-stream' };

/** Creates an upload; answers the status, the Location and the upload id (its last segment). */
export async function createUpload(baseUrl: string, token: string | null, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/uploads/video`, {
    method: 'POST',
    headers: { ...TUS, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const location = response.headers.get('Location');
  return { status: response.status, location, id: location?.split('/').pop() ?? null, text: await response.text() };
}

export async function patchUpload(baseUrl: string, location: string, token: string, offset: number, bytes: Uint8Array, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(location, baseUrl), {
    method: 'PATCH',
    headers: { ...TUS, ...OCTETS, Authorization: `Bearer ${token}`, 'Upload-Offset': String(offset), ...headers },
    body: bytes,
  });
  return { status: response.status, offset: Number(response.headers.get('Upload-Offset')), text: await response.text() };
}

export async function headUpload(baseUrl: string, location: string, token: string) {
  const response = await fetch(new URL(location, baseUrl), { method: 'HEAD', headers: { ...TUS, Authorization: `Bearer ${token}` } });
  return { status: response.status, offset: Number(response.headers.get('Upload-Offset')), length: response.headers.get('Upload-Length') };
}

/**
 * A PATCH of `bytes` whose connection drops after `sent` of them (the client goes away mid-body):
 * resolves once the socket is closed.
 */
export function patchThenDrop(baseUrl: string, location: string, token: string, bytes: Uint8Array, sent: number): Promise<void> {
  const url = new URL(location, baseUrl);
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'PATCH',
      headers: { ...TUS, ...OCTETS, Authorization: `Bearer ${token}`, 'Upload-Offset': '0', 'Content-Length': String(bytes.length) },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, sent), () => setTimeout(() => request.destroy(), 200));
  });
}
