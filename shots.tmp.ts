import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4517';
const out = '/tmp/ux-voice-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const sizes = { p: { width: 390, height: 844 }, d: { width: 1366, height: 768 } } as const;
const which = process.argv.slice(2);
for (const [tag, viewport] of Object.entries(sizes)) {
  const fresh = await browser.newContext({ viewport, locale: 'es-CL' });
  const page = await fresh.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  if (which.includes('notice')) {
    await page.goto(`${base}/Escort`);
    await page.waitForSelector('dialog.age-notice[open]');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/notice-${tag}.png` });
    await page.getByRole('button', { name: 'Soy mayor de 18 años' }).click();
  } else {
    await page.addInitScript(() => localStorage.setItem('mayor_de_edad', '1'));
  }
  const shot = async (url: string, name: string, act?: () => Promise<void>) => {
    if (!which.includes(name) && !which.includes('all')) return;
    await page.goto(`${base}${url}`);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    if (act) await act();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: name.endsWith('full') });
  };
  await shot('/', 'splash');
  await shot('/esto-no-existe', '404');
  await shot('/Soporte', 'soporte-full');
  await shot('/Informacion', 'footer', async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  });
  await shot('/Informacion', 'info');
  await shot('/registro/cliente', 'registro-consent', async () => {
    await page.locator('.consents').scrollIntoViewIfNeeded();
  });
  await shot('/registro/RegistroEscort', 'registro-errors', async () => {
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.locator('.consents').scrollIntoViewIfNeeded();
  });
  await shot('/escorts/santiago', 'landing-searches', async () => {
    await page.locator('.city-landing-footer').scrollIntoViewIfNeeded();
  });
  await fresh.close();
}
await browser.close();
