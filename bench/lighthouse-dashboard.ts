/**
 * Lighthouse accessibility of the signed-in areas (decision 0106): every section of
 * the escort's /panel and of the client's /mi-cuenta, signed in as a demo
 * escort and a demo client, against a running server with DEMO_DATA on.
 *   LH_URL=http://127.0.0.1:3000 node bench/lighthouse-dashboard.ts
 * The session lives in the browser's localStorage: a login in the same Chromium
 * (through the DevTools protocol) and `disableStorageReset` keep it for
 * Lighthouse's page loads. Prints one score per page and the audits that lost
 * points, with their elements; exits 1 below 95.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { ageNoticeStorageKey } from '@encanto/core/constants';
import type { EscortCard } from '@encanto/core/escorts';
import { buildDemoPlan, DEMO_EMAIL_DOMAIN } from '../apps/api/src/demo/plan.ts';

const base = process.env.LH_URL ?? 'http://127.0.0.1:3000';
const PASSWORD = 'encanto123';
const MIN = 95;

const escortPages = [
  '/panel',
  '/panel/solicitudes',
  '/panel/perfil',
  '/panel/fotos',
  '/panel/calificar',
  '/panel/estadisticas',
  '/panel/gira',
  '/panel/cuenta',
];
const clientPages = ['/mi-cuenta/favoritos', '/mi-cuenta/citas', '/mi-cuenta/perfil', '/mi-cuenta/cuenta'];

async function canLogin(kind: 'usuario' | 'cliente', email: string): Promise<boolean> {
  const res = await fetch(`${base}/api/${kind}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, pass: PASSWORD }),
  });
  return res.ok;
}

/** A demo escort and a demo client that can sign in (the demo accounts' shared password). */
async function demoAccounts() {
  const cards = (await (await fetch(`${base}/api/ultimos`)).json()) as EscortCard[];
  let escort: string | undefined;
  for (const c of cards) {
    const email = `${c.nickname}@${DEMO_EMAIL_DOMAIN}`;
    if (await canLogin('usuario', email)) {
      escort = email;
      break;
    }
  }
  let client: string | undefined;
  for (const a of buildDemoPlan(new Date()).filter((p) => p.kind === 'client')) {
    if (await canLogin('cliente', a.email)) {
      client = a.email;
      break;
    }
  }
  if (!escort || !client) throw new Error('no demo escort or client signs in (DEMO_DATA on?)');
  return { escort, client };
}

async function login(page: Page, kind: 'usuario' | 'cliente', email: string) {
  await page.goto(`${base}/`);
  await page.evaluate((key) => {
    localStorage.clear();
    localStorage.setItem(key, new Date().toISOString());
  }, ageNoticeStorageKey);
  await page.goto(`${base}${kind === 'usuario' ? '/Login/EscortLogin' : '/Login/clienteLogin'}`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 90_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  // The session is an HttpOnly cookie (decision 0108): a successful login leaves the login page.
  await page.waitForURL((url) => !url.pathname.startsWith('/Login'));
}

const accounts = await demoAccounts();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let failed = false;
const rows: string[] = [];
try {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  for (const [kind, email, paths] of [
    ['usuario', accounts.escort, escortPages],
    ['cliente', accounts.client, clientPages],
  ] as const) {
    await login(page, kind, email);
    for (const path of paths) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { categories, audits, finalDisplayedUrl } = result.lhr;
      const score = Math.round((categories.accessibility?.score ?? 0) * 100);
      // A lost session would measure the login page instead: say so rather than report its score.
      if (new URL(finalDisplayedUrl).pathname !== path)
        throw new Error(`${path} ended at ${finalDisplayedUrl}`);
      if (score < MIN) failed = true;
      rows.push(`| ${path} | ${score} |`);
      console.log(`${path}: accessibility ${score}`);
      for (const audit of Object.values(audits)) {
        if (audit.score === null || audit.score >= 1) continue;
        if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
        console.log(`  - ${audit.id}: ${audit.title}`);
        const items = (audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })
          ?.items;
        for (const item of items ?? [])
          if (item.node) console.log(`      ${item.node.snippet ?? ''} ${item.node.explanation ?? ''}`);
      }
    }
  }
  await browser.close();
} finally {
  chrome.kill();
}
console.log(['| Page | Accessibility |', '| --- | --- |', ...rows].join('\n'));
process.exitCode = failed ? 1 : 0;
