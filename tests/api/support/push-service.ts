/**
 * A local push service (RFC 8030) on 127.0.0.1 and an ephemeral port, standing in for FCM or
 * Mozilla's autopush. Each "browser" is a P-256 key pair made with node:crypto and a 16-byte auth
 * secret, exactly what a real browser puts in its PushSubscription. Every request is checked as a
 * real push service would, and more: the VAPID Authorization header (an ES256 JWT for this origin,
 * signed by the expected key), then the aes128gcm payload is decrypted with the browser's private
 * key (http_ece) and parsed. Anything wrong is answered 400/401 and listed in `rejections`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';

export interface StandInBrowser {
  id: string;
  ecdh: crypto.ECDH;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface Delivery {
  browserId: string;
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  at: number;
}

export type Reply = { status: number; headers?: Record<string, string> };

export interface PushServiceStandIn {
  origin: string;
  deliveries: Delivery[];
  /** Requests refused because the encryption or VAPID header was wrong. */
  rejections: string[];
  /** A new "browser" subscribed at this service. */
  newBrowser(): StandInBrowser;
  /** Answers for one browser (default 201); `null` goes back to the default. */
  replyTo(browserId: string, reply: Reply | ((attempt: number) => Reply) | null): void;
  attemptsFor(browserId: string): number;
  close(): Promise<void>;
}

function verifyVapid(header: string | undefined, origin: string, expectedKey: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no VAPID Authorization header: ${header}`;
  const [, jwt, key] = match;
  if (key !== expectedKey) return 'VAPID key is not the server’s public key';
  const [head, body, signature] = jwt!.split('.');
  const raw = Buffer.from(key!, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  if (!valid) return 'VAPID signature does not verify';
  const header_ = JSON.parse(Buffer.from(head!, 'base64url').toString()) as { alg?: string };
  const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (header_.alg !== 'ES256') return 'VAPID JWT is not ES256';
  if (claims.aud !== origin) return `VAPID audience ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) return 'VAPID expiry out of range';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'VAPID subject is not mailto: or https:';
  return null;
}

export async function startPushService(vapidPublicKey: () => string): Promise<PushServiceStandIn> {
  const browsers = new Map<string, StandInBrowser>();
  const replies = new Map<string, Reply | ((attempt: number) => Reply)>();
  const attempts = new Map<string, number>();
  const deliveries: Delivery[] = [];
  const rejections: string[] = [];
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const browser = browsers.get(id);
      const refuse = (status: number, why: string) => {
        rejections.push(why);
        res.writeHead(status).end(why);
      };
      if (req.method !== 'POST') return refuse(405, `method ${req.method}`);
      if (!browser) return void res.writeHead(404).end('no such subscription');
      attempts.set(id, (attempts.get(id) ?? 0) + 1);
      const vapidProblem = verifyVapid(req.headers.authorization, origin, vapidPublicKey());
      if (vapidProblem) return refuse(401, vapidProblem);
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, `content-encoding ${req.headers['content-encoding']}`);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, `TTL ${req.headers.ttl}`);
      let payload: Delivery['payload'];
      try {
        const body = Buffer.concat(chunks);
        if (body.length > 4096) return refuse(413, `payload of ${body.length} bytes`);
        payload = JSON.parse(
          ece.decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.subscription.keys.auth }).toString('utf8'),
        ) as Delivery['payload'];
      } catch (error) {
        return refuse(400, `payload does not decrypt: ${(error as Error).message}`);
      }
      const configured = replies.get(id);
      const reply = typeof configured === 'function' ? configured(attempts.get(id)!) : (configured ?? { status: 201 });
      if (reply.status >= 200 && reply.status < 300) {
        deliveries.push({
          browserId: id,
          payload,
          ttl,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          at: Date.now(),
        });
      }
      res.writeHead(reply.status, reply.headers ?? {}).end();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    rejections,
    newBrowser() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const id = crypto.randomUUID();
      const browser: StandInBrowser = {
        id,
        ecdh,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
        },
      };
      browsers.set(id, browser);
      return browser;
    },
    replyTo(browserId, reply) {
      if (reply === null) replies.delete(browserId);
      else replies.set(browserId, reply);
    },
    attemptsFor: (browserId) => attempts.get(browserId) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
