import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEscort } from './helpers/demo.ts';

/**
 * The Nu HTML checker (vnu, run on the Java runtime .ci/run installs) over the server's HTML of the
 * 12 public pages and the 6 pages of the escort's dashboard: zero errors (decision 0138). The server's
 * HTML is what a browser, a crawler and an assistive technology read first.
 */

const run = promisify(execFile);
/** The checker's jar in the vnu-jar package (run with the system's Java, not the package's downloader). */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
let dir: string;
let nickname: string;
let cookie: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-vnu-'));
  const escort = await demoEscort();
  nickname = escort.nickname;
  const login = await fetch(`${baseUrl()}/api/usuario/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: escort.email, pass: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const publicPages = () => [
  '/',
  '/Escort',
  '/Escort/Santiago',
  '/Escort/La-Serena',
  '/escorts/santiago',
  `/Card/${encodeURIComponent(nickname)}`,
  '/Informacion',
  '/Soporte',
  '/Login/clienteLogin',
  '/Login/EscortLogin',
  '/registro/cliente',
  '/registro/RegistroEscort',
];
const dashboardPages = [
  '/panel',
  '/panel/solicitudes',
  '/panel/perfil',
  '/panel/fotos',
  '/panel/estadisticas',
  '/panel/cuenta',
];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

it('the server HTML of 18 pages has no error in the Nu HTML checker', async () => {
  const files: Record<string, string> = {};
  const pages = [
    ...publicPages().map((url) => ({ url, headers: {} })),
    ...dashboardPages.map((url) => ({ url, headers: { cookie } })),
  ];
  expect(pages).toHaveLength(18);
  for (const [i, { url, headers }] of pages.entries()) {
    const res = await fetch(`${baseUrl()}${url}`, { headers, redirect: 'manual' });
    expect(res.status, url).toBe(200);
    const file = path.join(dir, `page-${i}.html`);
    await fs.writeFile(file, await res.text());
    files[file] = url;
  }
  // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
  const report = await run(
    'java',
    ['-jar', vnuJar, '--errors-only', '--format', 'json', ...Object.keys(files)],
    {
      maxBuffer: 32 * 1024 * 1024,
    },
  ).then(
    (r) => r.stderr,
    (err: { stderr?: string }) => err.stderr ?? '',
  );
  const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
  const errors = messages
    .filter((m) => m.type === 'error')
    .map((m) => `${files[m.url.replace(/^file:/, '')] ?? m.url}: ${m.message} ${m.extract ?? ''}`);
  expect(errors).toEqual([]);
}, 360_000);
