import { todayInChile } from '@encanto/core/chile-time';
import { cityPages } from '@encanto/core/landing';
import { cityKey, findComuna } from '@encanto/core/geo';
import { formatRut, normalizeRut, rutCheckDigit } from '@encanto/core/rut';
import { foldText } from '@encanto/core/text';
import { defaultAvatars, type Genero } from '@encanto/core/constants';
import { createRandom, type Random } from './random.ts';
import {
  captions,
  clientNames,
  displaySuffixes,
  femaleNames,
  maleCaptions,
  maleNames,
  surnames,
  transNames,
} from './data.ts';

/**
 * The demo population, decided before anything is written: a pure function of
 * the date and the values already taken, so it is testable and repeatable.
 */

export interface DemoAccount {
  kind: 'escort' | 'client';
  nickname: string;
  apellido: string;
  nombre: string;
  rut: string;
  rutNorm: string;
  email: string;
  fechaNac: string;
  genero: Genero;
  fono: string;
  ciudad: string;
  cityKey: string;
  autorizado: 'pendiente' | 'aprobado';
  createdAt: Date;
  approvedAt: Date | null;
  /** Default avatar, replaced by the rendered illustration for approved escorts. */
  url: string;
  escort?: { medidas: string; legenda: string; estado: 'disponible' | 'inactiva'; illustrated: boolean };
}

export interface Taken {
  nicknames: Set<string>;
  emails: Set<string>;
  ruts: Set<string>;
}

export const DEMO_EMAIL_DOMAIN = 'encanto.demo';

/** Extra escorts beyond one per landing page, in the largest cities; the inactive ones are among these. */
const extraCities = [
  'Santiago',
  'Santiago',
  'Santiago',
  'Santiago',
  'Providencia',
  'Providencia',
  'Providencia',
  'Las Condes',
  'Las Condes',
  'Las Condes',
  'Viña del Mar',
  'Viña del Mar',
  'Valparaíso',
  'Concepción',
  'Concepción',
  'Antofagasta',
  'Antofagasta',
  'Ñuñoa',
  'Ñuñoa',
  'La Serena',
  'Temuco',
  'Puerto Montt',
  'Iquique',
  'Rancagua',
  'Vitacura',
  'Maipú',
  'La Florida',
  'Talca',
  'Punta Arenas',
  'Santiago',
];
const INACTIVE_EXTRAS = 6;
const PENDING_ESCORTS = 4;
const PENDING_CLIENTS = 3;
const APPROVED_CLIENTS = 2;

/** The comuna names of the 56 landing pages, as the catalogue spells them. */
export function landingComunas(): string[] {
  return cityPages.map((p) => {
    const c = findComuna(p.comuna ?? p.city);
    if (!c) throw new Error(`Landing page city not in the catalogue: ${p.city}`);
    return c.name;
  });
}

export function buildDemoPlan(
  now: Date,
  taken: Taken = { nicknames: new Set(), emails: new Set(), ruts: new Set() },
): DemoAccount[] {
  const r = createRandom('encanto-demo-v1');
  const out: DemoAccount[] = [];
  const nicknames = new Set([...taken.nicknames].map((n) => n.toLowerCase()));
  const emails = new Set([...taken.emails].map((e) => e.toLowerCase()));
  const ruts = new Set(taken.ruts);
  let rutSeq = 0;

  const nextRut = () => {
    for (;;) {
      // 40-41 million: valid RUTs far above the numbers assigned to people so far.
      const body = String(40_000_000 + rutSeq++ * 7_919);
      const norm = normalizeRut(body + rutCheckDigit(body));
      if (!ruts.has(norm)) {
        ruts.add(norm);
        return { rut: formatRut(norm), rutNorm: norm };
      }
    }
  };
  const nickFor = (name: string) => {
    const base = foldText(name).replace(/[^a-z0-9]/g, '');
    let nick = base.length >= 4 ? base.slice(0, 10) : `${base}${r.int(10, 99)}`;
    while (nicknames.has(nick) || emails.has(`${nick}@${DEMO_EMAIL_DOMAIN}`))
      nick = `${base.slice(0, 8)}${r.int(10, 99)}`;
    nicknames.add(nick);
    emails.add(`${nick}@${DEMO_EMAIL_DOMAIN}`);
    return nick;
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  const escortCities = [...landingComunas(), ...extraCities];
  const inactiveFrom = escortCities.length - INACTIVE_EXTRAS;
  const generos = genderOrder(r, escortCities.length + PENDING_ESCORTS);
  const pools = {
    Femenino: shuffled(r, femaleNames),
    Transexual: shuffled(r, transNames),
    Masculino: shuffled(r, maleNames),
  };
  const used = { Femenino: 0, Transexual: 0, Masculino: 0 };

  const escort = (ciudadName: string, genero: Genero, pending: boolean, inactive: boolean) => {
    const pool = pools[genero];
    const name = pool[used[genero]++ % pool.length]!;
    const nickname = nickFor(name);
    const comuna = findComuna(ciudadName)!;
    const createdAt = pending ? daysAgo(r.range(0.2, 5)) : daysAgo(r.range(3, 150));
    out.push({
      kind: 'escort',
      nickname,
      apellido: displayName(r, name),
      nombre: fullName(r, name),
      ...nextRut(),
      email: `${nickname}@${DEMO_EMAIL_DOMAIN}`,
      fechaNac: birthDate(r, now, genero === 'Masculino' ? 24 : 21, 44),
      genero,
      fono: phone(r),
      ciudad: comuna.name,
      cityKey: cityKey(comuna.name),
      autorizado: pending ? 'pendiente' : 'aprobado',
      createdAt,
      approvedAt: pending
        ? null
        : new Date(Math.min(now.getTime(), createdAt.getTime() + r.range(2, 48) * 3_600_000)),
      url: defaultAvatars[genero],
      escort: {
        medidas: measures(r, genero),
        legenda: genero === 'Masculino' ? r.pick(maleCaptions) : r.pick(captions),
        estado: inactive ? 'inactiva' : 'disponible',
        illustrated: !pending,
      },
    });
  };

  escortCities.forEach((city, i) => escort(city, generos[i]!, false, i >= inactiveFrom));
  const pendingCities = ['Santiago', 'Valparaíso', 'Temuco', 'La Serena'];
  for (let i = 0; i < PENDING_ESCORTS; i++)
    escort(pendingCities[i]!, generos[escortCities.length + i]!, true, false);

  const clientPool = shuffled(r, clientNames);
  for (let i = 0; i < PENDING_CLIENTS + APPROVED_CLIENTS; i++) {
    const name = clientPool[i % clientPool.length]!;
    const nickname = nickFor(name);
    const approved = i < APPROVED_CLIENTS;
    const comuna = findComuna(
      r.pick(['Santiago', 'Providencia', 'Concepción', 'Viña del Mar', 'Las Condes']),
    )!;
    const createdAt = approved ? daysAgo(r.range(30, 120)) : daysAgo(r.range(0.1, 4));
    out.push({
      kind: 'client',
      nickname,
      apellido: nickname,
      nombre: fullName(r, name),
      ...nextRut(),
      email: `${nickname}@${DEMO_EMAIL_DOMAIN}`,
      fechaNac: birthDate(r, now, 25, 58),
      genero: 'Masculino',
      fono: phone(r),
      ciudad: comuna.name,
      cityKey: cityKey(comuna.name),
      autorizado: approved ? 'aprobado' : 'pendiente',
      createdAt,
      approvedAt: approved ? new Date(createdAt.getTime() + 86_400_000) : null,
      url: defaultAvatars.Masculino,
    });
  }
  return out;
}

/** Mostly Femenino, about one in ten Transexual, a few Masculino, mixed through the list. */
function genderOrder(r: Random, n: number): Genero[] {
  const list: Genero[] = Array.from({ length: n }, (_, i) =>
    i < 9 ? 'Transexual' : i < 14 ? 'Masculino' : 'Femenino',
  );
  return shuffled(r, list);
}

function shuffled<T>(r: Random, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

function displayName(r: Random, name: string): string {
  const roll = r.next();
  if (roll < 0.55) return name;
  if (roll < 0.8) return `${name} ${r.pick(surnames)[0]}.`;
  return `${name}${r.pick(displaySuffixes.filter(Boolean))}`;
}

/** Marked as demo data so nobody mistakes these for real registrations. */
function fullName(r: Random, name: string): string {
  return `${name} ${r.pick(surnames)} ${r.pick(surnames)} (demo)`;
}

function phone(r: Random): string {
  return `9${String(r.int(0, 99_999_999)).padStart(8, '0')}`;
}

/** A birth date giving an age between min and max (inclusive) on the day of the plan, in Chile. */
function birthDate(r: Random, now: Date, min: number, max: number): string {
  const today = todayInChile(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const age = r.int(min, max);
  const date = new Date(Date.UTC(y - age, m - 1, Math.min(d, 28)) - r.int(10, 340) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

function measures(r: Random, genero: Genero): string {
  if (genero === 'Masculino') return `${r.int(94, 99)}/${r.int(76, 86)}/${r.int(92, 99)}`;
  return `${r.int(84, 99)}/${r.int(56, 68)}/${r.int(86, 99)}`;
}
