/**
 * The real app serving a built PWA (`dist/` or another build) over a fresh bench database (the
 * demo catalogue) with one recorded course that has a video lesson, made as an admin makes it: a
 * testsrc video with sound (made here with the app's ffmpeg, nothing downloaded) uploaded through
 * tus, attached to the lesson and transcoded by the transcode job (HLS renditions, poster). A
 * customer entitled to the course has a session whose token the browser is given. Used by the
 * first-frame and offline benchmarks. `noise` (0: none) grains the picture, so the encodes come out
 * near their bitrate caps (1280×720 testsrc alone comes out at about 13 KB/s; with noise=30 the
 * progressive 720p MP4 at about 0.36 MB/s), at the cost of a slower source and transcode.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@api/app';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { JobRunner } from '@api/jobs/runner';
import { transcodeVideoJob } from '@api/jobs/transcode-video';
import { createLogger } from '@api/logger';
import { transcodeSettings } from '@api/services/video/tools';
import { BENCH_AUTH_SECRET, benchPerson, createBenchDatabase } from './bench-database';

export interface ServedLesson {
  /** `http://127.0.0.1:<port>`, one server per build asked for (the same database and media). */
  bases: string[];
  courseId: string;
  lessonId: string;
  /** The entitled customer's session token (localStorage `auth_token`). */
  token: string;
  /** The renditions the transcode made, e.g. ['360p', '720p']. */
  renditions: string[];
  /** The size of the progressive MP4 (`video.mp4`, what a download keeps), bytes. */
  progressiveBytes: number;
  /** The video's length, seconds. */
  seconds: number;
  close(): Promise<void>;
}

export async function serveLesson(staticRoots: string[], { seconds = 60, size = '1280x720', noise = 0 } = {}): Promise<ServedLesson> {
  const tools = transcodeSettings(undefined);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'first-frame-bench-'));
  const source = path.join(work, 'source.mp4');
  const made = spawnSync(tools.ffmpegPath, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    // Grain, capped at 6 Mbit/s: uncapped, ultrafast writes 90 Mbit/s of it, slowly.
    ...(noise ? ['-vf', `noise=alls=${noise}:allf=t`, '-maxrate', '6M', '-bufsize', '12M'] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the source: ${made.stderr}`);

  const db = await createBenchDatabase('demo');
  const mediaStore = createLocalMediaStore(path.join(work, 'media'));
  const apps = staticRoots.map((staticRoot) =>
    createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET, staticRoot, mediaStore }),
  );
  const servers = apps.map((app) => http.createServer(app.callback()));
  for (const server of servers) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bases = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [base] = bases as [string];
  const app = apps[0]!;

  const admin = await benchPerson(db.knex, 'admin', 'bench-admin@academy.test');
  const customer = await benchPerson(db.knex, 'customer', 'bench-learner@academy.test');
  const auth = { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' };
  const call = async <T>(method: string, url: string, body: unknown, expected: number): Promise<T> => {
    const answer = await fetch(base + url, { method, headers: auth, body: JSON.stringify(body) });
    if (answer.status !== expected) throw new Error(`${method} ${url} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };

  const course = await call<{ id: string }>(
    'POST',
    '/api/courses',
    { type: 'recorded_course', title: 'GMP Essentials', shortDescription: 'A course with lessons', instructorName: 'Dr. Ada Lane', price: '49' },
    201,
  );
  const module = await call<{ id: string }>('POST', `/api/courses/${course.id}/modules`, { title: 'Getting started' }, 201);
  const lesson = await call<{ id: string }>(
    'POST',
    `/api/courses/${course.id}/lessons`,
    { title: 'Validation basics', kind: 'video', moduleId: module.id },
    201,
  );

  const bytes = fs.readFileSync(source);
  const tus = { Authorization: `Bearer ${admin.token}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${base}/api/uploads/video`, { method: 'POST', headers: { ...tus, 'Upload-Length': String(bytes.length) } });
  const location = created.headers.get('Location');
  if (created.status !== 201 || !location) throw new Error(`The upload was not created (${created.status})`);
  const patched = await fetch(base + new URL(location, base).pathname, {
    method: 'PATCH',
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes as BodyInit,
  });
  if (patched.status !== 204) throw new Error(`The upload answered ${patched.status}`);
  const assetId = location.split('/').pop()!;
  await call('PUT', `/api/lessons/${lesson.id}`, { videoUploadId: assetId }, 200);
  // The worker's job, run here once: the transcode queued by attaching the upload.
  const runner = new JobRunner({ knex: db.knex, logger: createLogger('warn'), queued: [transcodeVideoJob(app.services, tools)] });
  await runner.tick();
  const asset = await db.knex('video_assets').where({ id: assetId }).first('status', 'error');
  if (asset?.status !== 'ready') throw new Error(`The video was not transcoded: ${asset?.status} ${asset?.error ?? ''}`);

  const now = new Date().toISOString();
  await db.knex('entitlements').insert({
    id: crypto.randomUUID(),
    user_id: customer.id,
    course_id: course.id,
    source: 'grant',
    source_id: crypto.randomUUID(),
    starts_at: now,
    created_at: now,
  });
  const renditions = fs.readdirSync(path.join(work, 'media', 'videos', assetId)).filter((name) => /^\d+p$/.test(name));
  const progressiveBytes = fs.statSync(path.join(work, 'media', 'videos', assetId, 'video.mp4')).size;

  return {
    bases,
    courseId: course.id,
    lessonId: lesson.id,
    token: customer.token,
    renditions,
    progressiveBytes,
    seconds,
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await db.destroy();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
