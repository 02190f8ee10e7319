import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { offsetClock, systemClock } from '../../src/lib/clock.ts';

const KEY = 'a'.repeat(64);
/** A VAPID pair made by `web-push generate-vapid-keys`: production requires one (decision 0168). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BLxjELWtRI2LTzQm1PSS2mlLtZIh2qBz6DydyDWjR5zej1IoJgvI3JOmRTytzteaupC__OucEobnZfUl2LaVUHQ',
  VAPID_PRIVATE_KEY: 'HcFHmEc4F4z6eCYomrUTpJnoQ8kxgVb0wXFZXxXkTcU',
  VAPID_SUBJECT: 'mailto:soporte@encanto.cl',
};
const production = { NODE_ENV: 'production', SITE_URL: 'https://encanto.cl', DOCUMENT_KEY: KEY, ...VAPID };
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
};

describe('production defaults and start-up refusals', () => {
  it('a newcomer (no NODE_ENV): demo data on, loopback only, readable logs, no key needed', () => {
    const c = loadConfig({});
    expect(c.demoData).toBe(true);
    expect(c.host).toBe('127.0.0.1');
    expect(c.logFormat).toBe('pretty');
    expect(c.documentKey).toBeUndefined();
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('production: demo data off, every interface, JSON logs', () => {
    const c = loadConfig(production);
    expect(c.demoData).toBe(false);
    expect(c.host).toBe('0.0.0.0');
    expect(c.logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty', HOST: '10.0.0.5' })).toMatchObject({
      logFormat: 'pretty',
      host: '10.0.0.5',
    });
  });

  it('takes a test clock file only outside production or on a private demo; its clock runs ahead by the file (decision 0157)', () => {
    expect(refusal({ ...production, TEST_CLOCK_FILE: '/tmp/x' })).toMatch(/TEST_CLOCK_FILE/);
    expect(
      refusal({ ...production, TEST_CLOCK_FILE: '/tmp/x', ALLOW_DEMO_IN_PRODUCTION: 'true' }),
    ).toBeUndefined();
    expect(loadConfig({}).testClockFile).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clock-'));
    const file = path.join(dir, 'offset');
    const clock = offsetClock(file);
    // No file yet: the wall clock.
    expect(Math.abs(clock.now().getTime() - systemClock.now().getTime())).toBeLessThan(1000);
    fs.writeFileSync(file, String(3 * 86_400_000));
    const later = offsetClock(file).now().getTime() - systemClock.now().getTime();
    expect(later).toBeGreaterThan(3 * 86_400_000 - 1000);
    expect(later).toBeLessThan(3 * 86_400_000 + 1000);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses demo data in production unless ALLOW_DEMO_IN_PRODUCTION=true', () => {
    expect(refusal({ ...production, DEMO_DATA: 'true' })).toMatch(
      /Refusing to start:\n {2}DEMO_DATA=true with NODE_ENV=production .*ALLOW_DEMO_IN_PRODUCTION=true/,
    );
    expect(loadConfig({ ...production, DEMO_DATA: 'true', ALLOW_DEMO_IN_PRODUCTION: 'true' }).demoData).toBe(
      true,
    );
  });

  it('refuses a SITE_URL on http other than localhost in production', () => {
    expect(refusal({ ...production, SITE_URL: 'http://encanto.cl' })).toMatch(
      /SITE_URL must use https in production \(got http:\/\/encanto.cl\)/,
    );
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:4000', 'http://[::1]:3000'])
      expect(refusal({ ...production, SITE_URL: local }), local).toBeUndefined();
    // Outside production plain http anywhere is fine (a LAN demo, a staging box).
    expect(refusal({ SITE_URL: 'http://encanto.lan' })).toBeUndefined();
  });

  it('refuses a missing DOCUMENT_KEY in production, and lists every problem at once', () => {
    const message = refusal({ NODE_ENV: 'production', SITE_URL: 'http://encanto.cl', DEMO_DATA: 'true' });
    expect(message).toMatch(/DEMO_DATA=true/);
    expect(message).toMatch(/SITE_URL must use https/);
    expect(message).toMatch(/DOCUMENT_KEY is required in production/);
  });

  it('documents never share the public media bucket', () => {
    expect(refusal({ S3_BUCKET: 'fotos', S3_DOCUMENTS_BUCKET: 'fotos' })).toMatch(
      /S3_DOCUMENTS_BUCKET must be a private bucket apart from the public media bucket/,
    );
    const c = loadConfig({
      S3_BUCKET: 'fotos',
      S3_DOCUMENTS_BUCKET: 'privado',
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(c.s3Documents).toMatchObject({ bucket: 'privado', prefix: 'documents/' });
    expect(refusal({ S3_DOCUMENTS_BUCKET: 'privado', S3_DOCUMENTS_PREFIX: '../x' })).toMatch(
      /S3_DOCUMENTS_PREFIX/,
    );
  });

  it('web push: VAPID keys required in production, checked by shape, in pairs; PUSH_HOSTS parsed (decision 0168)', () => {
    const { VAPID_PUBLIC_KEY: _p, ...withoutPublic } = production;
    expect(refusal(withoutPublic)).toMatch(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required/,
    );
    const { VAPID_SUBJECT: _s, ...withoutSubject } = production;
    expect(refusal(withoutSubject)).toMatch(/VAPID_SUBJECT are required in production/);
    expect(refusal({ ...production, VAPID_PUBLIC_KEY: 'abc' })).toMatch(
      /VAPID_PUBLIC_KEY must be a base64url/,
    );
    expect(refusal({ ...production, VAPID_SUBJECT: 'soporte' })).toMatch(/VAPID_SUBJECT must be a mailto:/);
    expect(refusal({ VAPID_PRIVATE_KEY: VAPID.VAPID_PRIVATE_KEY })).toMatch(/go together/);
    expect(loadConfig(production).push).toMatchObject({
      vapid: { publicKey: VAPID.VAPID_PUBLIC_KEY, privateKey: VAPID.VAPID_PRIVATE_KEY },
      subject: 'mailto:soporte@encanto.cl',
    });
    // Outside production: generated at start (infra/push), the subject from SUPPORT_EMAIL.
    expect(loadConfig({}).push.vapid).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: 'ayuda@encanto.cl' }).push.subject).toBe('mailto:ayuda@encanto.cl');
    expect(loadConfig({}).push.hosts).toContain('fcm.googleapis.com');
    expect(
      loadConfig({ PUSH_HOSTS: ' push.example.cl , *.Push.Apple.com,127.0.0.1:8443' }).push.hosts,
    ).toEqual(['push.example.cl', '*.push.apple.com', '127.0.0.1:8443']);
    expect(refusal({ PUSH_HOSTS: 'https://evil.example/x' })).toMatch(/PUSH_HOSTS must be a comma-separated/);
  });

  it('metrics: off unless a token (16+ characters) or a port is set', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(refusal({ METRICS_TOKEN: 'short' })).toMatch(/METRICS_TOKEN must have at least 16 characters/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics.port).toBe(9464);
  });

  it('the server process prints the reasons and exits 1, before opening anything', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-refusal-'));
    try {
      const root = path.resolve(import.meta.dirname, '../../../..');
      const result = spawnSync(path.join(root, 'node_modules/.bin/node'), ['apps/api/src/server.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          SITE_URL: 'http://encanto.cl',
          DEMO_DATA: 'true',
        },
        encoding: 'utf8',
        timeout: 180_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^Refusing to start:\n/);
      expect(result.stderr).toMatch(/DOCUMENT_KEY is required in production/);
      expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // a Node process starting from source: seconds on a loaded machine
});
