/**
 * Issue 34 with S3 configured: the app's pages read presigned media addresses across origins
 * (hls.js, caption tracks, the offline downloader's byte ranges), so at start the media store adds
 * a CORS rule for the app's origin to the bucket — beside the rules already there, once. Checked
 * against an S3-compatible server started here (s3rver), the way a browser asks: a preflight for
 * a Range header, then a ranged GET carrying the Origin.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetBucketCorsCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import type { S3Config } from '@api/config';
import { createS3MediaStore, s3ClientOptions, type S3MediaStore } from '@api/integrations/media-store';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const APP = 'https://training.example';
let s3server: S3rver;
let config: S3Config;
let client: S3Client;
let db: TestDatabase | undefined;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'media-cors-'));
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'cors-media' }, { name: 'cors-other' }, { name: 'cors-boot' }],
  });
  const { port } = await s3server.run();
  config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'cors-media',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
  };
  client = new S3Client(s3ClientOptions(config));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.destroy();
  await s3server?.close();
});

const rules = async (Bucket: string) => (await client.send(new GetBucketCorsCommand({ Bucket }))).CORSRules ?? [];

describe('media in S3 read by the app’s pages', () => {
  it('adds a rule for the app’s origin: a Range preflight passes, a ranged GET answers 206 with the origin allowed', async () => {
    const store: S3MediaStore = createS3MediaStore(config);
    const bytes = crypto.randomBytes(5_000);
    await store.putBuffer('videos/cors-asset/video.mp4', bytes, 'video/mp4');
    const url = await store.presignGet('videos/cors-asset/video.mp4', 60);

    // Before: the bucket lets no page read it.
    const refused = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: APP, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range' },
    });
    expect(refused.status).toBe(403);

    expect(await store.allowBrowserReads(APP)).toBe(true);
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: APP, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('range');
    const ranged = await fetch(url, { headers: { Origin: APP, Range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('access-control-allow-origin')).toBe(APP);
    expect(ranged.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    // Another site is not let in.
    const other = await fetch(url, { headers: { Origin: 'https://elsewhere.example', Range: 'bytes=0-9' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    // Again (a second process starting): nothing more is written.
    expect(await store.allowBrowserReads(APP)).toBe(false);
    expect(await rules('cors-media')).toHaveLength(1);
  });

  it('keeps the rules the bucket already has, and adds nothing when one of them already allows the reads', async () => {
    const images = { AllowedOrigins: ['https://images.example'], AllowedMethods: ['GET'], AllowedHeaders: [], ExposeHeaders: [], MaxAgeSeconds: 600 };
    await client.send(new PutBucketCorsCommand({ Bucket: 'cors-other', CORSConfiguration: { CORSRules: [images] } }));
    const store = createS3MediaStore({ ...config, bucket: 'cors-other' });
    expect(await store.allowBrowserReads(APP)).toBe(true);
    const after = await rules('cors-other');
    expect(after.map((rule) => rule.AllowedOrigins)).toEqual([['https://images.example'], [APP]]);
    expect(after[1]).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['range'] });

    // A bucket whose operators allow every origin already: left as it is.
    const open = { AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['*'] };
    await client.send(new PutBucketCorsCommand({ Bucket: 'cors-other', CORSConfiguration: { CORSRules: [open] } }));
    expect(await store.allowBrowserReads('https://another-app.example')).toBe(false);
    expect(await rules('cors-other')).toHaveLength(1);
  });

  it('is set by the server as it starts with S3 configured, for the origin of PUBLIC_URL', async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-cors-server-'));
    await startServerProcess(
      port,
      db.url,
      {
        PUBLIC_URL: `http://localhost:${port}`,
        MAIL_OUTBOX_FILE: path.join(dir, 'outbox.jsonl'),
        VAPID_FILE: path.join(dir, 'vapid.json'),
        S3_BUCKET: 'cors-boot',
        S3_REGION: config.region,
        S3_ACCESS_KEY_ID: config.accessKeyId,
        S3_SECRET_ACCESS_KEY: config.secretAccessKey,
        S3_ENDPOINT: config.endpoint!,
      },
      children,
    );
    expect(await rules('cors-boot')).toEqual([expect.objectContaining({ AllowedOrigins: [`http://localhost:${port}`], AllowedHeaders: ['range'] })]);
  }, 90_000);
});
