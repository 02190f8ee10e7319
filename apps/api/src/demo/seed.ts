import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { accounts, escortProfiles, media } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from '../lib/passwords.ts';
import { ensureAdmin } from '../modules/accounts/admin-bootstrap.ts';
import { syncEscortVisibility } from '../modules/accounts/service.ts';
import { ingestImage, type StoredImage } from '../infra/media/images.ts';
import type { MediaStore } from '../infra/media/store.ts';
import { illustrationSvg } from './illustration.ts';
import { demoPhotoCache, type DemoPhotoCache } from './photo-cache.ts';
import { buildDemoPlan, DEMO_EMAIL_DOMAIN, type DemoAccount } from './plan.ts';
import { seedInteractions } from './interactions.ts';
import { demoDetails } from './details.ts';

export interface SeedResult {
  admin?: { email: string; password: string };
  /** One approved demo client and one listed escort, for the start-up logins block. */
  samples: { client: string | undefined; escort: string | undefined };
}

/** Every demo escort and client logs in with this password; it is printed at start. */
export const DEMO_PASSWORD = 'encanto123';
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;

/**
 * Fills an empty database (no escort accounts yet) with a believable directory:
 * approved escorts in every landing-page city with illustrated photos, some
 * pending escorts and clients, two approved clients with a few past meetings,
 * and a demo admin unless ADMIN_EMAIL/ADMIN_PASSWORD configure a real one.
 * Returns undefined when there was nothing to do.
 */
export async function seedDemoData(
  deps: Pick<Deps, 'db' | 'media' | 'publicCache' | 'config' | 'log' | 'clock'>,
  options: { now?: Date } = {},
): Promise<SeedResult | undefined> {
  const { db } = deps;
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.kind, 'escort'));
  if ((existing?.n ?? 0) > 0) return undefined;

  const started = performance.now();
  const now = options.now ?? deps.clock.now();
  // Registrations made before the first escort (clients, an admin) keep their nickname, e-mail and RUT.
  const taken = await db
    .select({ nickname: accounts.nickname, email: accounts.emailNorm, rut: accounts.rutNorm })
    .from(accounts);
  const plan = buildDemoPlan(now, {
    nicknames: new Set(taken.map((t) => t.nickname)),
    emails: new Set(taken.map((t) => t.email)),
    ruts: new Set(taken.map((t) => t.rut)),
  });

  // One hash for every demo account: argon2 is deliberately slow.
  const passHashPromise = hashPassword(DEMO_PASSWORD);
  const illustrated = plan.filter((p) => p.escort?.illustrated);
  // Listings show the newest first: rotating palettes in that order keeps neighbouring cards apart.
  const newestFirst = [...illustrated].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const paletteOf = new Map(newestFirst.map((p, rank) => [p.nickname, rank]));
  const cache = deps.config.demoPhotoCache ? demoPhotoCache(deps.config.demoPhotoCache) : undefined;
  const photos = await mapLimit(illustrated, photoConcurrency(), (p) =>
    renderPhoto(deps.media, p, paletteOf.get(p.nickname)!, cache),
  );
  const photoByNick = new Map(illustrated.map((p, i) => [p.nickname, photos[i]!]));
  const passHash = await passHashPromise;
  const photosDone = performance.now();

  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(accounts)
      .values(
        plan.map((p) => ({
          kind: p.kind,
          rut: p.rut,
          rutNorm: p.rutNorm,
          nombre: p.nombre,
          apellido: p.apellido,
          nickname: p.nickname,
          email: p.email,
          emailNorm: p.email.toLowerCase(),
          fechaNac: p.fechaNac,
          genero: p.genero,
          fono: p.fono,
          ciudad: p.ciudad,
          url: photoByNick.get(p.nickname)?.url ?? p.url,
          passHash,
          autorizado: p.autorizado,
          tipoPerfil: p.kind === 'escort' ? 'usuario' : 'cliente',
          approvedAt: p.approvedAt,
          createdAt: p.createdAt,
          updatedAt: p.approvedAt ?? p.createdAt,
        })),
      )
      .returning({ id: accounts.id, nickname: accounts.nickname });
    const idOf = new Map(rows.map((r) => [r.nickname, r.id]));
    const escorts = plan.filter((p): p is DemoAccount & { escort: NonNullable<DemoAccount['escort']> } =>
      Boolean(p.escort),
    );
    await tx.insert(escortProfiles).values(
      escorts.map((p) => ({
        accountId: idOf.get(p.nickname)!,
        cityKey: p.cityKey,
        medidas: p.escort.medidas,
        legenda: p.escort.legenda,
        estado: p.escort.estado,
        ...demoDetails(p.nickname),
        createdAt: p.createdAt,
        updatedAt: p.approvedAt ?? p.createdAt,
      })),
    );
    const mediaRows = illustrated.map((p) => {
      const photo = photoByNick.get(p.nickname)!;
      return {
        accountId: idOf.get(p.nickname)!,
        purpose: 'profile' as const,
        mediaType: 'image' as const,
        publicId: photo.publicId,
        url: photo.url,
        variants: photo.variants,
        bytes: photo.bytes,
        phash: photo.phash,
        createdAt: p.approvedAt ?? p.createdAt,
      };
    });
    if (mediaRows.length) await tx.insert(media).values(mediaRows);
    for (const p of escorts) await syncEscortVisibility(tx, idOf.get(p.nickname)!, now);
    await seedInteractions(tx, plan, idOf, now);
  });
  // Not a route: nothing else clears the public cache after this write.
  deps.publicCache.clear();

  let admin: SeedResult['admin'];
  const { config } = deps;
  if (!(config.adminEmail && config.adminPassword)) {
    const takenEmail = taken.some((t) => t.email === DEMO_ADMIN_EMAIL);
    if (!takenEmail) {
      admin = { email: DEMO_ADMIN_EMAIL, password: randomBytes(9).toString('base64url') };
      await ensureAdmin(deps, { ...admin, nickname: 'admindemo' });
    }
  }

  const escorts = plan.filter((p) => p.kind === 'escort');
  const listed = escorts.filter((p) => p.autorizado === 'aprobado' && p.escort?.illustrated).length;
  const client = plan.find((p) => p.kind === 'client' && p.autorizado === 'aprobado');
  const escort = escorts.find((p) => p.autorizado === 'aprobado' && p.escort?.estado === 'disponible');
  deps.log.info(
    `Demo data: ${escorts.length} escorts (${listed} listed), ${plan.length - escorts.length} clients, ${photos.length} illustrated photos in ${seconds(performance.now() - started)} s (photos ${seconds(photosDone - started)} s).`,
  );
  const samples = { client: client?.email, escort: escort?.email };
  return admin ? { admin, samples } : { samples };
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * Renders the escort's illustration (sharp rasterises the SVG) and stores it through the normal image
 * pipeline, or copies it from the demo photo cache when one is configured and holds it.
 */
async function renderPhoto(
  store: MediaStore,
  p: DemoAccount,
  palette: number,
  cache: DemoPhotoCache | undefined,
): Promise<StoredImage> {
  const svg = illustrationSvg(p.nickname, {
    figure: p.genero === 'Masculino' ? 'masculino' : 'femenino',
    palette,
  });
  const cached = await cache?.restore(svg, store);
  if (cached) return cached;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  const image = await ingestImage(store, png, { maxBytes: 32 * 1024 * 1024 });
  await cache?.keep(svg, image, store);
  return image;
}

/** Leaves a core for the rest of start-up; sharp already uses threads inside each render. */
function photoConcurrency(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
