import { spawnSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** http_ece (RFC 8188/8291), the library web-push encrypts with; here it decrypts as a browser would. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

/** What a push service received: the request, and the payload decrypted with the browser's keys. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  payload: string;
  /** The VAPID JWT's claims, its ES256 signature checked against the `k` key of the header. */
  vapid: { aud: string; sub: string; exp: number; key: string };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface FakeBrowser {
  ecdh: ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
}

export function fakeBrowser(): FakeBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
}

/**
 * A push service on loopback over HTTPS (a self-signed certificate made with openssl), standing in for
 * FCM or Mozilla's: it answers each POST with the next status of `statuses` (201 once they run out),
 * decrypts what it got for the browser registered under the request's path, and checks the VAPID token.
 */
export async function startPushReceiver() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  if (made.status !== 0) throw new Error('openssl could not make a test certificate');
  const cert = fs.readFileSync(certFile);
  const browsers = new Map<string, FakeBrowser>();
  const received: ReceivedPush[] = [];
  const statuses: number[] = [];
  const waiting: (() => void)[] = [];

  const server = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = statuses.shift() ?? 201;
      if (status === 201) {
        const browser = browsers.get(req.url ?? '');
        const body = Buffer.concat(chunks);
        const payload = browser
          ? ece
              .decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth })
              .toString('utf8')
          : '';
        received.push({ path: req.url ?? '', headers: req.headers, payload, vapid: checkVapid(req.headers) });
        waiting.splice(0).forEach((wake) => wake());
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const host = `127.0.0.1:${port}`;

  return {
    host,
    /** An agent that trusts this receiver's certificate, for the app's push transport. */
    agent: new https.Agent({ ca: cert }),
    received,
    /** The statuses the next requests get (then 201 again). */
    answerNext: (...next: number[]) => statuses.push(...next),
    /** A new browser subscription on this receiver. */
    subscription(browser = fakeBrowser()) {
      const p = `/push/${randomBytes(8).toString('hex')}`;
      browsers.set(p, browser);
      return { browser, body: { endpoint: `https://${host}${p}`, keys: browser.keys } };
    },
    /** Resolves once `count` pushes have been received (the outbox worker sends on its own timer). */
    async until(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200).unref();
        });
      }
      return received;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Reads `Authorization: vapid t=<jwt>, k=<key>` and checks the ES256 signature (RFC 8292). */
function checkVapid(headers: Record<string, string | string[] | undefined>): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(String(headers.authorization ?? ''));
  if (!match) throw new Error('no VAPID authorization');
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return {
    ...(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Omit<ReceivedPush['vapid'], 'key'>),
    key,
  };
}
