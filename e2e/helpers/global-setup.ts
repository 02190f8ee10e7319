import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_TOTP_SECRET, nextAdminCode } from './totp.ts';

export const E2E_ADMIN = { email: 'admin@e2e.cl', password: 'admin12345' };
/** SUPPORT_EMAIL of the e2e server, so pages can be shown to take the address from the configuration. */
export const E2E_SUPPORT_EMAIL = 'ayuda@e2e.cl';

/**
 * Starts the built server for the browser suite: one per worker, each on its own port and data directory,
 * so files that run side by side never share a server's data (listings, queues, the admin's codes) and a
 * file sees the same world whether it runs alone or after others (e2e/helpers/server.ts picks a file's).
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, project.config.maxWorkers || 1);
  // The first server seeds the demo alone, so its encoded photos are in DEMO_PHOTO_CACHE (scripts/test.ts)
  // before the others seed: they copy them instead of encoding the same 86 photos at the same time.
  const first = await Promise.allSettled([startServer()]);
  const started = [
    ...first,
    ...(await Promise.allSettled(Array.from({ length: count - 1 }, () => startServer()))),
  ];
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    const failure = started.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
    project.provide(
      'e2eServers',
      await Promise.all(
        servers.map(async (s) => ({
          baseUrl: s.baseUrl,
          dataDir: s.dataDir,
          // One API login of the admin for every file on that server (adminToken()): each code works once.
          adminToken: await loginAdminByApi(s.baseUrl, s.dataDir),
        })),
      ),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/** A fresh VAPID key pair, as production wants it (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). */
function vapidEnv(): Record<string, string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey().toString('base64url');
  const privateKey = ecdh.getPrivateKey('hex').padStart(64, '0');
  const privateKeyB64 = Buffer.from(privateKey, 'hex').toString('base64url');
  return {
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKeyB64,
    VAPID_SUBJECT: `mailto:${E2E_SUPPORT_EMAIL}`,
  };
}

/** A free loopback port, from the kernel rather than a random guess that may be taken. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A production build server on a random loopback port with its own data folder. `host` is the
 * name in SITE_URL and the returned base URL: passkeys need a domain name (`localhost`), since
 * browsers refuse an IP address as the WebAuthn relying party.
 */
export async function startServer(options: { host?: string; demo?: string } = {}) {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-e2e-'));
  const port = await freePort();
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The clock's offset (e2e/helpers/api.ts serverClockAhead): none until a test writes one.
      TEST_CLOCK_FILE: path.join(dataDir, 'clock-offset-ms'),
      SITE_URL: baseUrl,
      DEMO_DATA: options.demo ?? process.env.E2E_DEMO_DATA ?? 'true',
      // A production server with demo data on a loopback port: exactly what the refusal exists for, allowed here.
      ALLOW_DEMO_IN_PRODUCTION: 'true',
      DOCUMENT_KEY: randomBytes(32).toString('hex'),
      // Production requires VAPID keys (decision 0168); a pair per server.
      ...vapidEnv(),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_TOTP_SECRET: E2E_ADMIN_TOTP_SECRET,
      SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A shared, busy machine can take longer to migrate and seed (one server per worker, started together,
  // beside the other suites; decision 0183): a hang guard, which E2E_READY_MS changes.
  const deadline = Date.now() + Number(process.env.E2E_READY_MS ?? 600_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Do not leave a half-started server behind.
      child.kill('SIGTERM');
      throw new Error('server did not become ready');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The admin's password step and TOTP step through the API; the session token. */
export async function loginAdminByApi(baseUrl: string, dataDir: string): Promise<string> {
  const post = async (url: string, body: object) => {
    const res = await fetch(`${baseUrl}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await res.json()) as Record<string, string>;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
  const step = await post('/usuario/login-admin', { email: E2E_ADMIN.email, pass: E2E_ADMIN.password });
  const done = await post('/login/segundo-factor', {
    desafio: step.desafio,
    codigo: await nextAdminCode(dataDir),
  });
  return done.token!;
}

export interface E2eServer {
  baseUrl: string;
  /** The server's DATA_DIR: its outbox (mails as .eml) and the admin's last used TOTP step. */
  dataDir: string;
  /** The e2e administrator's session on that server. */
  adminToken: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per e2e worker, in worker order (VITEST_POOL_ID 1, 2, …). */
    e2eServers: E2eServer[];
  }
}
