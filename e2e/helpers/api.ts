import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { formatRut, rutCheckDigit } from '@encanto/core/rut';
import { baseUrl } from './browser.ts';
import { E2E_ADMIN } from './global-setup.ts';
import { dataDir, e2eServer } from './server.ts';
import { nextAdminCode } from './totp.ts';

/**
 * Moves this file's server clock `ms` ahead of the wall clock (0: back to it), through the server's
 * TEST_CLOCK_FILE (global-setup.ts): how a test reaches a meeting's time, when its reviews open
 * (decision 0157), without waiting. Set it back to 0 before the test ends.
 */
export async function serverClockAhead(ms: number): Promise<void> {
  await fs.writeFile(path.join(dataDir(), 'clock-offset-ms'), String(ms));
  // The server reads the file again at most every 50 ms.
  await new Promise((resolve) => setTimeout(resolve, 150));
}

/** Calls the real API; throws with the status and body unless the answer is 2xx. */
export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.form ? { body: init.form } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Calls the real API and hands back the status and JSON body, for tests that assert the exact status. */
export async function callStatus(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A random eight-digit RUT body from Math.random (the default) or from crypto bytes. */
export const mathRutBody = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));
export const cryptoRutBody = () => String(10_000_000 + (randomBytes(3).readUIntBE(0, 3) % 80_000_000));

/** A valid, formatted RUT (check digit included), unique enough for one run. */
export function randomRut(body: () => string = mathRutBody): string {
  const digits = body();
  return formatRut(digits + rutCheckDigit(digits));
}

/** A plain one-colour JPEG, enough for an identity-document upload. */
export function plainJpeg(opts: {
  width: number;
  height: number;
  background: string | { r: number; g: number; b: number };
  quality?: number;
}): Promise<Buffer> {
  const img = sharp({
    create: { width: opts.width, height: opts.height, channels: 3, background: opts.background },
  });
  return (opts.quality === undefined ? img.jpeg() : img.jpeg({ quality: opts.quality })).toBuffer();
}

/** A photo of a "document" as a phone would send it. */
export function documentPhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1000"><rect x="80" y="80" width="400" height="520" fill="#777"/><rect x="560" y="120" width="800" height="60" fill="#333"/><rect x="560" y="260" width="900" height="60" fill="#333"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

/**
 * A soft two-colour portrait, so screenshots look like photos rather than noise.
 * `face`/`shoulders` are the white overlays' opacities (the files used slightly different ones).
 */
export function portrait(
  from: string,
  to: string,
  opacity: { face: number; shoulders: number } = { face: 0.2, shoulders: 0.15 },
): Promise<Buffer> {
  // A few faint marks at random places make every portrait a different picture: two escorts' photos
  // never look like one photo to the photo-theft hold (decision 0177), which holds near copies.
  const marks = Array.from(
    { length: 4 },
    () =>
      `<ellipse cx="${randomInt(800)}" cy="${randomInt(1000)}" rx="${80 + randomInt(140)}" ry="${80 + randomInt(140)}" fill="rgba(255,255,255,0.22)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="800" height="1000" fill="url(#g)"/>${marks}<circle cx="400" cy="380" r="170" fill="rgba(255,255,255,${opacity.face})"/>
    <rect x="190" y="600" width="420" height="320" rx="200" fill="rgba(255,255,255,${opacity.shoulders})"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A bearer token for the e2e administrator (E2E_ADMIN). */
export async function adminToken(): Promise<string> {
  // Logged in once per server by the global setup (password + TOTP code): its files share that session.
  return e2eServer().adminToken;
}

export interface Person {
  kind: 'usuario' | 'cliente';
  nickname: string;
  email: string;
  rut: string;
}

export interface NewAccount {
  /** Two letters; the nickname is this plus six hex digits. */
  prefix: string;
  nombre: string;
  fecha_nac: string;
  fono: string;
  genero: string;
  pass: string;
  /** The identity-document photo (JPEG). */
  document: () => Promise<Buffer>;
}

/** The password of the accounts `newAccount` describes. */
export const E2E_PASSWORD = 'encanto123';

/** An adult woman's registration, the one the browser files use when the person's details do not matter. */
export const newAccount = (prefix: string): NewAccount => ({
  prefix,
  nombre: 'Camila Soto Rojas',
  fecha_nac: '1995-03-10',
  fono: '934567812',
  genero: 'Femenino',
  pass: E2E_PASSWORD,
  document: () => portrait('#445566', '#aabbcc'),
});

/**
 * A real approved account, made the way people make one: registration, login,
 * identity-document upload, then an administrator's approval.
 */
export async function approvedAccount(
  kind: 'usuario' | 'cliente',
  token: string,
  data: NewAccount,
): Promise<Person> {
  const nickname = `${data.prefix}${randomBytes(3).toString('hex')}`;
  const rut = randomRut(cryptoRutBody);
  const email = `${nickname}@e2e.cl`;
  const common = {
    nombre: data.nombre,
    nickname,
    fecha_nac: data.fecha_nac,
    email,
    pass: data.pass,
    fono: data.fono,
    genero: data.genero,
    ciudad: 'Santiago',
    acepta_terminos: true,
    acepta_datos_sensibles: true,
  };
  await call(`/${kind}/registro`, {
    method: 'POST',
    body: { ...common, [kind === 'usuario' ? 'rut_usuario' : 'rut_cliente']: rut },
  });
  const login = await call<{ token: string; rut_usuario?: string; rut_cliente?: string }>(`/${kind}/login`, {
    method: 'POST',
    body: { email, pass: data.pass },
  });
  const form = new FormData();
  form.append('nickname', nickname);
  form.append(
    'file',
    new Blob([new Uint8Array(await data.document())], { type: 'image/jpeg' }),
    'carnet.jpg',
  );
  await call(`/upload/subir-validacion-${kind === 'usuario' ? 'escort' : 'cliente'}/${nickname}`, {
    method: 'POST',
    form,
    token: login.token,
  });
  const registeredRut = login.rut_usuario ?? login.rut_cliente ?? rut;
  await call(`/${kind}/autorizar/${encodeURIComponent(registeredRut)}`, { method: 'PUT', token });
  return { kind, nickname, email, rut: registeredRut };
}

/**
 * Uploads a profile photo of her own for an escort, as the photo form does: a profile is listed only
 * once it has one (decision 0153).
 */
export async function giveProfilePhoto(person: Person, pass: string, colour = '#7c2d4a'): Promise<void> {
  const { token } = await call<{ token: string }>('/usuario/login', {
    method: 'POST',
    body: { email: person.email, pass },
  });
  const form = new FormData();
  form.append('nickname', person.nickname);
  form.append(
    'file',
    new Blob([new Uint8Array(await portrait(colour, '#f5d0dc'))], { type: 'image/jpeg' }),
    'foto.jpg',
  );
  await call(`/upload/subir-perfil-escort/${person.nickname}`, { method: 'POST', form, token });
}

/** An approved escort with a profile photo of her own, so listed (decision 0153): what a listing or card test needs. */
export async function listedEscort(data: NewAccount = newAccount('le')): Promise<Person> {
  const escort = await approvedAccount('usuario', await adminToken(), data);
  await giveProfilePhoto(escort, data.pass);
  return escort;
}

/** Waits until React has hydrated the page and its first API reads have settled. */
export async function settled(page: Page) {
  // Pages arrive server-rendered (signed-in ones too): their buttons work once React has hydrated.
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** Navigates and waits for the page's first API reads to settle (forms must be hydrated before typing). */
export async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
}

/** Signs a person in through their kind's login form, as they would, and waits to land past it. */
export async function loginThroughForm(
  page: Page,
  person: { kind: 'usuario' | 'cliente'; email: string },
  pass: string,
) {
  await page.goto(person.kind === 'usuario' ? '/Login/EscortLogin' : '/Login/clienteLogin');
  // The login button stays disabled until the app has hydrated.
  await page.locator('form button[type="submit"]:not([disabled])').first().waitFor({ timeout: 15_000 });
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/Login'), { timeout: 15_000 });
}

/** Logs the e2e administrator in through the admin login form. */
export async function loginAdmin(page: Page) {
  await openSettled(page, '/login-admin');
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await enterAdminCode(page);
  await page.waitForURL('**/pendientes/usuarios', { timeout: 15_000 });
}

/** The admin login's second step: a code computed from the e2e ADMIN_TOTP_SECRET, typed in. */
export async function enterAdminCode(page: Page) {
  const field = page.getByLabel('Código de 6 dígitos');
  await field.waitFor({ timeout: 15_000 });
  await field.fill(await nextAdminCode(dataDir()));
  await page.getByRole('button', { name: 'Verificar' }).click();
}
