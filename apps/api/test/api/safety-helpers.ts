import sharp from 'sharp';
import type { TestApp } from '../helpers/app.ts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../src/db/schema/index.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { uploadDocument } from './validation-helpers.ts';

/** A multipart body with a file part and text fields. */
export function multipartForm(file: Buffer, fields: Record<string, string> = {}, filename = 'foto.jpg') {
  const boundary = `----encanto${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A picture with structure (so its perceptual hash means something), different for each seed. */
export async function patternPhoto(seed: number, width = 800, height = 1000): Promise<Buffer> {
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 131) % width;
    const y = (seed * 53 + i * 211) % height;
    const r = 60 + ((seed * 17 + i * 29) % 160);
    const c = `#${(((seed + 1) * 2654435761 + i * 40503) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#${(seed * 4099).toString(16).padStart(6, '0').slice(-6)}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export async function uploadProfilePhoto(t: TestApp, escort: FixtureAccount, bytes: Buffer) {
  const form = multipartForm(bytes, { nickname: escort.nickname });
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-perfil-escort/${escort.nickname}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(escort) },
  });
}

export async function uploadGalleryImage(t: TestApp, escort: FixtureAccount, bytes: Buffer) {
  const form = multipartForm(bytes, { nickname: escort.nickname });
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-imagenes/${escort.nickname}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(escort) },
  });
}

/** An escort approved after uploading her identity document (the document stays, as it does for 30 days). */
export async function approvedWithDocument(t: TestApp, options: { rutDocument?: Buffer } = {}) {
  const escort = await createAccount(t.app, { kind: 'escort' });
  await uploadDocument(t, escort, options.rutDocument);
  await t.app.db
    .update(accounts)
    .set({ autorizado: 'aprobado', approvedAt: new Date() })
    .where(eq(accounts.id, escort.id));
  await syncEscortVisibility(t.app.db, escort.id, t.app.services.clock.now());
  t.app.services.publicCache.clear();
  return escort;
}
