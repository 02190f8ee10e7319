import { chromium, type Page } from 'playwright-core';
const base = 'http://127.0.0.1:4716';
const id = process.argv[2]!;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
async function session(
  email: string,
  pass: string,
  kind: 'cliente' | 'usuario',
  width: number,
  height: number,
) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    baseURL: base,
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.log('console error', m.text());
  });
  await page.goto(kind === 'usuario' ? '/Login/EscortLogin' : '/Login/clienteLogin');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/Login'));
  return { page, context };
}
async function shot(page: Page, url: string, name: string, full = false) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/work/wt/meetings/test-results/screenshots/${name}.png`, fullPage: full });
}
for (const [w, h, tag] of [
  [390, 844, 'phone'],
  [1366, 768, 'desktop'],
] as const) {
  const e = await session('estefania@encanto.demo', 'encanto123', 'usuario', w, h);
  await shot(e.page, '/Solicitudes', `solicitudes-${tag}`, tag === 'phone');
  await shot(e.page, '/Solicitudes?tab=proximas', `solicitudes-proximas-${tag}`);
  await shot(e.page, `/Cita/${id}`, `cita-escort-${tag}`, tag === 'phone');
  await e.context.close();
  const c = await session('mauricio@encanto.demo', 'encanto123', 'cliente', w, h);
  await shot(c.page, '/MisCitas', `mis-citas-${tag}`, tag === 'phone');
  await shot(c.page, `/Cita/${id}`, `cita-cliente-${tag}`, tag === 'phone');
  await shot(c.page, '/MisCitas?tab=pasadas', `mis-citas-pasadas-${tag}`);
  await c.context.close();
}
await browser.close();
