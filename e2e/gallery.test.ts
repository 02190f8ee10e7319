import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, call, portrait as sharedPortrait } from './helpers/api.ts';
import {
  atRest,
  baseUrl,
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
  sessionToken,
} from './helpers/browser.ts';
import { demoEscort, DEMO_PASSWORD } from './helpers/demo.ts';
import { violations } from './helpers/axe.ts';
import { tinyMp4 } from '../apps/api/test/helpers/gallery-media.ts';

let browser: Browser;
/** A demo escort (known password, empty gallery), not one another test file registered. */
let escort: { nickname: string; email: string };

/** This file's portraits: slightly fainter overlays than the shared default. */
const portrait = (from: string, to: string) => sharedPortrait(from, to, { face: 0.18, shoulders: 0.14 });

async function login(page: Page) {
  await gotoHydrated(page, '/Login/EscortLogin');
  await page.getByLabel('Email').fill(escort.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForFunction(() => !!localStorage.getItem('nickname'));
}

const counter = (page: Page) => page.locator('#lightbox-counter').innerText();

beforeAll(async () => {
  browser = await workerBrowser();
  escort = await demoEscort();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('gallery and lightbox', () => {
  it('an escort uploads two images and a video on her phone; the client-side checks speak the spec', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page);
    await gotoHydrated(page, '/panel/fotos');
    await expect(page.locator('h1').innerText()).resolves.toBe('Fotos');
    await page.getByRole('heading', { name: 'Subir fotos y videos' }).waitFor();
    await page.getByText('No tienes fotos cargadas.').waitFor();
    await expect(page.locator('#gallery-file').getAttribute('accept')).resolves.toBe('image/*,video/mp4');
    await screenshot(page, 'gallery-empty-phone');

    await page
      .locator('#gallery-file')
      .setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await page.getByText('Tipo de archivo no permitido: nota.txt').waitFor();
    await page.locator('#gallery-file').setInputFiles({
      name: 'grande.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 10),
    });
    await page.getByText('El archivo "grande.jpg" supera el límite de 2 MB.').waitFor();
    await expect(page.getByRole('button', { name: 'Subir', exact: true }).isDisabled()).resolves.toBe(true);

    // Three files in one pick, each with its own progress bar, uploaded in the order chosen.
    await page.locator('#gallery-file').setInputFiles([
      { name: 'rosa.jpg', mimeType: 'image/jpeg', buffer: await portrait('#9f1239', '#3b0a1f') },
      { name: 'noche.jpg', mimeType: 'image/jpeg', buffer: await portrait('#4c1d95', '#0f172a') },
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: tinyMp4(2048) },
    ]);
    for (const name of ['rosa.jpg', 'noche.jpg', 'clip.mp4'])
      await page.getByText(name, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Subir', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Progreso de rosa.jpg' }).waitFor();
    await page.getByText('3 archivos subidos.').waitFor();
    await page.locator('.gallery-tile').nth(2).waitFor();
    // The busy state lasts 2 s after the uploads, then the picker is usable again.
    await page.getByRole('progressbar').first().waitFor({ state: 'detached', timeout: 15_000 });
    await expect(page.locator('#gallery-file').isEnabled()).resolves.toBe(true);
    await expect(page.getByText('Portada', { exact: true }).count()).resolves.toBe(1);

    // Reordering by keyboard: the first photo moves after the second, and back; the focus follows it.
    const ownOrder = async () =>
      (
        await call<{ imagenes: { publicId: string }[] }>(
          `/upload/obtener-imagenes-por-usuario/${escort.nickname}`,
          { token: await sessionToken(page) },
        )
      ).imagenes.map((i) => i.publicId);
    const uploaded = await ownOrder();
    await page.getByRole('button', { name: 'Mover foto 1 después' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Orden guardado.').waitFor();
    await expect.poll(ownOrder).toEqual([uploaded[1], uploaded[0], uploaded[2]]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Mover foto 2 después');
    await screenshot(page, 'gallery-reordered-phone');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Mover foto 2 antes',
    );
    await page.keyboard.press('Enter');
    await expect.poll(ownOrder).toEqual(uploaded);
    await expect(page.locator('.gallery-tile video').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: /^Eliminar (foto|video) \d$/ }).count()).resolves.toBe(3);
    await expect(page.getByText('3 / 15').count()).resolves.toBe(1);
    await screenshot(page, 'gallery-uploader-phone');

    // The lightbox works in the uploader too.
    await page.getByRole('button', { name: /^Ver foto 2 de/ }).click();
    await page.getByRole('dialog').waitFor();
    await expect(counter(page)).resolves.toBe('2 / 3');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The video file is served as video/mp4 with range support.
    const videoUrl = await page.locator('.gallery-tile video').getAttribute('src');
    const ranged = await fetch(`${baseUrl()}${videoUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a computer she drags a photo to another place (a bar shows where), and the order stays after a reload', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    await login(page);
    await gotoHydrated(page, '/panel/fotos');
    const tiles = page.locator('.gallery-page .gallery-tile');
    await tiles.nth(2).waitFor();
    const token = await sessionToken(page);
    const ownOrder = async () =>
      (
        await call<{ imagenes: { publicId: string }[] }>(
          `/upload/obtener-imagenes-por-usuario/${escort.nickname}`,
          { token },
        )
      ).imagenes.map((i) => i.publicId);
    const [a, b, c] = await ownOrder();

    /** Presses the handle of tile `from`, moves over tile `to` in steps, and checks the drop bar mid-way. */
    const drag = async (from: number, to: number, side: 'before' | 'after', shot?: string) => {
      // Mouse coordinates are the viewport's: the grid is below the uploader.
      await tiles.nth(to).scrollIntoViewIfNeeded();
      await tiles.nth(from).scrollIntoViewIfNeeded();
      const handle = (await tiles.nth(from).locator('.gallery-drag').boundingBox())!;
      const target = (await tiles.nth(to).boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 3, { steps: 12 });
      await expect(tiles.nth(from).getAttribute('class')).resolves.toContain('gallery-dragging');
      await expect(tiles.nth(to).getAttribute('class')).resolves.toContain(`gallery-drop-${side}`);
      if (shot) await screenshot(page, shot);
      await page.mouse.up();
      await page.getByText('Orden guardado.').waitFor();
    };

    await drag(0, 2, 'after', 'gallery-dragging-desktop');
    await expect.poll(ownOrder).toEqual([b, c, a]);
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    await tiles.nth(2).waitFor();
    // The video (third upload) is now second; the first photo is last, and the cover moved with the order.
    await expect(tiles.nth(1).locator('video').count()).resolves.toBe(1);
    await expect(tiles.nth(0).getByText('Portada', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Mover video 2 antes' }).count()).resolves.toBe(1);
    // The handles are for pointers only (hidden from assistive technology, never focused).
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'gallery-manager-desktop');

    // Escape lets go without moving anything.
    await tiles.nth(0).scrollIntoViewIfNeeded();
    const handle = (await tiles.nth(0).locator('.gallery-drag').boundingBox())!;
    const far = (await tiles.nth(2).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(far.x + far.width / 2, far.y + 40, { steps: 8 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect(
      page.locator('.gallery-dragging, .gallery-drop-before, .gallery-drop-after').count(),
    ).resolves.toBe(0);
    expect(await ownOrder()).toEqual([b, c, a]);

    // Back to the upload order for the visitors' tests below.
    await drag(2, 0, 'before');
    await expect.poll(ownOrder).toEqual([a, b, c]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone a finger drags by the handle (touch pointer events)', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page);
    await gotoHydrated(page, '/panel/fotos');
    const tiles = page.locator('.gallery-page .gallery-tile');
    await tiles.nth(2).waitFor();
    await screenshot(page, 'gallery-manager-phone');
    const token = await sessionToken(page);
    const ownOrder = async () =>
      (
        await call<{ imagenes: { publicId: string }[] }>(
          `/upload/obtener-imagenes-por-usuario/${escort.nickname}`,
          { token },
        )
      ).imagenes.map((i) => i.publicId);
    const start = await ownOrder();
    // A real touch drag, through Chromium's input pipeline: a finger on the handle, moved, lifted.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const touchDrag = async (from: number, to: number) => {
      await tiles.nth(from).scrollIntoViewIfNeeded();
      const h = (await tiles.nth(from).locator('.gallery-drag').boundingBox())!;
      const target = (await tiles.nth(to).boundingBox())!;
      const x0 = h.x + h.width / 2;
      const y0 = h.y + h.height / 2;
      const x1 = target.x + target.width / 2;
      const y1 = target.y + target.height / 3;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
      for (let i = 1; i <= 10; i++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: x0 + ((x1 - x0) * i) / 10, y: y0 + ((y1 - y0) * i) / 10 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await touchDrag(1, 0);
    await expect.poll(ownOrder).toEqual([start[1], start[0], start[2]]);
    await touchDrag(0, 1);
    await expect.poll(ownOrder).toEqual(start);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('visitors browse the gallery on the card in a lightbox: keys wrap around, Escape closes after 300 ms, focus returns', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    // The exit animation's timer runs on a clock the test can hold still (below), not the machine's.
    await page.clock.install();
    await gotoHydrated(page, `/Card/${escort.nickname}`);
    await page.getByRole('heading', { name: 'Galería' }).waitFor();
    await expect(page.locator('.card-gallery .gallery-tile').count()).resolves.toBe(3);
    await page.locator('.card-gallery').scrollIntoViewIfNeeded();
    await screenshot(page, 'gallery-card-desktop');

    const opener = page.locator('.card-gallery .gallery-open').first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(dialog.getAttribute('aria-label')).resolves.toMatch(/^Galería de /);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Cerrar',
    );
    await expect(counter(page)).resolves.toBe('1 / 3');
    await expect(dialog.locator('img').getAttribute('srcset')).resolves.toContain('-1080.webp 1080w');
    await atRest(page);
    await screenshot(page, 'gallery-lightbox-desktop');

    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).resolves.toBe('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).resolves.toBe('3 / 3');
    const video = dialog.locator('video');
    await expect(video.count()).resolves.toBe(1);
    await expect(video.getAttribute('controls')).resolves.not.toBeNull();
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).resolves.toBe('1 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page)).resolves.toBe('3 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page)).resolves.toBe('2 / 3');

    // Focus stays inside the dialog however far Tab goes, both ways.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).resolves.toBe(
        true,
      );
    }

    // Time stands still from here: 120 ms into the exit the dialog is still there, 300 ms in it is gone.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
    await page.keyboard.press('Escape');
    await expect(page.locator('.lightbox').getAttribute('class')).resolves.toContain('lightbox-closing');
    await page.clock.runFor(120);
    await expect(dialog.count()).resolves.toBe(1);
    await page.clock.runFor(200);
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await page.clock.resume();
    await expect(
      page.evaluate(() => document.activeElement?.classList.contains('gallery-open')),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the lightbox moves with a swipe', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await gotoHydrated(page, `/Card/${escort.nickname}`);
    await page.locator('.card-gallery .gallery-open').nth(1).click();
    await page.getByRole('dialog').waitFor();
    await expect(counter(page)).resolves.toBe('2 / 3');
    await atRest(page);
    await screenshot(page, 'gallery-lightbox-phone');
    const swipe = (from: number, to: number) =>
      page.locator('.lightbox-stage').evaluate(
        (el, [a, b]) => {
          const opts = { bubbles: true, pointerType: 'touch', isPrimary: true, pointerId: 7, clientY: 400 };
          el.dispatchEvent(new PointerEvent('pointerdown', { ...opts, clientX: a }));
          el.dispatchEvent(new PointerEvent('pointerup', { ...opts, clientX: b }));
        },
        [from, to],
      );
    await swipe(320, 60);
    await expect(counter(page)).resolves.toBe('3 / 3');
    await swipe(320, 60);
    await expect(counter(page)).resolves.toBe('1 / 3');
    await swipe(60, 320);
    await expect(counter(page)).resolves.toBe('3 / 3');
    await swipe(200, 180); // a tap-sized move is not a swipe
    await expect(counter(page)).resolves.toBe('3 / 3');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the escort deletes the video from her gallery', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    await login(page);
    await gotoHydrated(page, '/panel/fotos');
    await page.locator('.gallery-tile').nth(2).waitFor();
    await screenshot(page, 'gallery-uploader-desktop');
    await page.getByRole('button', { name: 'Eliminar video 3' }).click();
    await page.getByText('Video eliminado exitosamente.').waitFor();
    await expect(page.locator('.gallery-tile').count()).resolves.toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('rentals', () => {
  it('/Cards/{city} shows En mantención, the city’s rentals and a disabled search', async () => {
    const token = await adminToken();
    const added = await fetch(`${baseUrl()}/api/arriendo/agregar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        ciudad: 'Temuco',
        direccion: 'Av. Alemania 0671, depto 1203',
        url: 'https://www.google.com/maps/embed?pb=temuco-e2e',
      }),
    });
    expect(added.status).toBe(201);

    for (const viewport of [phone, desktop]) {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto('/Cards/Temuco');
      await page.getByRole('heading', { name: 'En mantención' }).waitFor();
      await page.getByText('Av. Alemania 0671, depto 1203', { exact: true }).waitFor();
      await expect(page.getByRole('button', { name: 'Buscar' }).isDisabled()).resolves.toBe(true);
      await expect(page.locator('.rentals-search select').first().isDisabled()).resolves.toBe(true);
      await screenshot(page, `rentals-city-${viewport.width}`);
      await page.goto('/Cards');
      await page.getByRole('heading', { name: 'En mantención' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('/Arriendos needs a session and then shows En mantención for her city', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await page.goto('/Arriendos');
    await page.waitForURL('**/Login');
    await login(page);
    await page.goto('/Arriendos');
    await page.getByRole('heading', { name: 'En mantención' }).waitFor();
    await page.getByRole('heading', { name: /^Arriendos en / }).waitFor();
    await expect(page.getByRole('button', { name: 'Buscar' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'rentals-private-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
