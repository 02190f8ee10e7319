// Scratch: the pages changed this session on a phone at 6x CPU slow-down; time to hydration and a screenshot.
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:3099';
const nick = process.env.NICK!;
const email = process.env.EMAIL!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const login = await fetch(`${base}/api/usuario/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, pass: 'encanto123' }) });
const cookie = login.headers.get('set-cookie')?.split(';')[0];
console.log('login', login.status, cookie ? 'cookie' : 'no cookie');
const pages: [string, string, boolean][] = [
  ['listing-q', '/escorts/santiago?q=vale', false],
  ['card', `/Card/${nick}`, false],
  ['panel-cuenta', '/panel/cuenta', true],
  ['panel-fotos', '/panel/fotos', true],
];
for (const width of [320, 390]) {
  for (const [name, url, signed] of pages) {
    const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    await context.addInitScript(() => { try { localStorage.setItem('mayor_de_edad', new Date().toISOString()); } catch {} });
    if (signed && cookie) {
      const [k, v] = cookie.split('=');
      await context.addCookies([{ name: k!, value: v!, url: base }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const t = performance.now();
    const res = await page.goto(base + url, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 }).catch(() => {});
    const hydrated = performance.now() - t;
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/throttle/${name}-${width}.png` });
    console.log(name, width, res?.status(), 'hydrated in', hydrated.toFixed(0), 'ms');
    await context.close();
  }
}
await browser.close();
