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
import zlib from 'node:zlib';
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
    body: bytes as BodyInit,
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

/** An ffmpeg that refuses every transcode the way a build without an encoder does. */
export function failingFfmpeg(): string {
  const file = path.join(dir, 'ffmpeg-failing.sh');
  fs.writeFileSync(file, `#!/bin/sh\necho "Unknown encoder 'libx264'" >&2\nexit 1\n`, { mode: 0o755 });
  return file;
}

/** A zip archive holding one stored file. */
export function zipOf(name: string, content: Buffer): Buffer {
  const crc = zlib.crc32(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

/** Uploads `bytes` in one PATCH; answers the upload id. */
export async function uploadVideo(baseUrl: string, token: string, bytes: Uint8Array): Promise<string> {
  const created = await createUpload(baseUrl, token, { 'Upload-Length': String(bytes.length) });
  if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${created.text}`);
  const sent = await patchUpload(baseUrl, created.location!, token, 0, bytes);
  if (sent.status !== 204) throw new Error(`upload PATCH refused: ${sent.status} ${sent.text}`);
  return created.id!;
}

/** The top-level boxes of an MP4, in order. */
export function mp4Boxes(data: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= data.length;) {
    const size = data.readUInt32BE(at);
    boxes.push(data.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}
