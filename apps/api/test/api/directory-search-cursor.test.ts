import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { searchOrderValues, type SearchOrder } from '@encanto/core/search-params';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';

/**
 * A search cursor is text the visitor sends back: anyone can forge one. Whatever
 * it holds, GET /api/escorts answers a page (a well-formed key) or the Spanish
 * cursor 400, never a 500 from PostgreSQL refusing a value its column cannot hold.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 3; i++) await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

/** How the API spells a cursor: base64url of the JSON array [direction, order, ...sort key]. */
const encode = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

const searchWith = (orden: SearchOrder, cursor: string) =>
  t.app.inject(`/api/escorts?orden=${orden}&limite=1&cursor=${encodeURIComponent(cursor)}`);

async function expectRefused(orden: SearchOrder, parts: unknown) {
  const res = await searchWith(orden, encode(parts));
  expect(res.statusCode, `${orden} ${JSON.stringify(parts)}: ${res.body}`).toBe(400);
  expect(res.json()).toMatchObject({ mensaje: msg.searchCursor, code: 'BAD_REQUEST' });
}

async function expectPage(orden: SearchOrder, parts: unknown) {
  const res = await searchWith(orden, encode(parts));
  expect(res.statusCode, `${orden} ${JSON.stringify(parts)}: ${res.body}`).toBe(200);
}

// ---- each sort-key column's values: what PostgreSQL writes (and so accepts back), and forgeries ----

type KeyType = 'boolean' | 'timestamptz' | 'integer' | 'uuid';

/** The columns of each order's key, after the direction and the order's name. */
const keyTypes: Record<SearchOrder, KeyType[]> = {
  recientes: ['boolean', 'timestamptz', 'uuid'],
  calificacion: ['integer', 'integer', 'uuid'],
  comentarios: ['integer', 'uuid'],
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A timestamp as `timestamptz::text` writes it: any real calendar day of years 1 to 9999, any offset PostgreSQL allows. */
const validTimestamp = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    dayRatio: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    micros: fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: undefined }),
    sign: fc.constantFrom('+', '-'),
    offsetHours: fc.integer({ min: 0, max: 15 }),
    offsetMinutes: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
  })
  .map((p) => {
    const day = 1 + Math.floor(p.dayRatio * daysIn(p.year, p.month));
    const fraction = p.micros === undefined ? '' : `.${pad(p.micros, 6)}`;
    const offset = `${p.sign}${pad(p.offsetHours)}${p.offsetMinutes === undefined ? '' : `:${pad(p.offsetMinutes)}`}`;
    return `${pad(p.year, 4)}-${pad(p.month)}-${pad(day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${fraction}${offset}`;
  });

const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;

const valid: Record<KeyType, fc.Arbitrary<string>> = {
  boolean: fc.constantFrom('true', 'false'),
  integer: fc.integer({ min: INT4_MIN, max: INT4_MAX }).map(String),
  timestamptz: validTimestamp,
  uuid: fc.uuid(),
};

/** Values of other JSON types, and strings no column of the key reads. */
const anyType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_VALUE, -0, 1e308),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
  fc.constantFrom('', ' ', 'NaN', 'Infinity', '-Infinity', 'null', "1'; select 1; --", 'x'.repeat(65)),
);

/** A timestamp of the right shape with one field out of its range (month 13, day 45, 25 h, offset +16…). */
const impossibleTimestamp = fc.constantFrom(
  '2024-13-45 10:00:00+00',
  '2024-00-10 10:00:00+00',
  '2024-02-30 10:00:00+00',
  '2023-02-29 10:00:00+00',
  '2024-04-31 10:00:00+00',
  '2024-01-00 10:00:00+00',
  '0000-01-01 10:00:00+00',
  '2024-01-10 24:00:01+00',
  '2024-01-10 25:00:00+00',
  '2024-01-10 10:60:00+00',
  '2024-01-10 10:00:61+00',
  '2024-01-10 10:00:00+16',
  '2024-01-10 10:00:00+99',
  '2024-01-10 10:00:00+05:60',
  '99999999-01-10 10:00:00+00',
  '2024-01-10T10:00:00Z',
  '2024-01-10',
  'infinity',
  'epoch',
  'now',
);

const forged: Record<KeyType, fc.Arbitrary<unknown>> = {
  boolean: fc.oneof(fc.constantFrom('TRUE', 't', 'yes', '1', 'on', 'verdadero'), anyType),
  integer: fc.oneof(
    fc.bigInt({ min: BigInt(INT4_MAX) + 1n, max: 10n ** 12n }).map(String),
    fc.bigInt({ min: -(10n ** 12n), max: BigInt(INT4_MIN) - 1n }).map(String),
    fc.constantFrom('2147483648', '-2147483649', '9999999999', '1.5', '1e3', '+1', '0x10', ' 1', '١'),
    fc.double({ noInteger: true }).map(String),
    anyType,
  ),
  timestamptz: fc.oneof(impossibleTimestamp, anyType),
  uuid: fc.oneof(
    // A letter outside hex: always one, at the end (a uuid of digits only has no a-f to replace).
    fc.uuid().map((u) => `${u.toUpperCase().replace(/[A-F]/g, 'G').slice(0, -1)}g`),
    fc.uuid().map((u) => u.slice(1)),
    fc.uuid().map((u) => `${u}0`),
    fc.uuid().map((u) => u.replaceAll('-', '')),
    anyType,
  ),
};

const validKey = (orden: SearchOrder) => fc.tuple(...keyTypes[orden].map((k) => valid[k]));
const direction = fc.constantFrom('s', 'a');
// FUZZ_RUNS raises it for a longer hunt, as in the security fuzz test.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

describe('GET /api/escorts: cursors are checked against the order’s columns', () => {
  it('the audit’s forged cursors are a Spanish 400, not a 500', async () => {
    await expectRefused('comentarios', ['s', 'comentarios', '2147483648', randomUUID()]);
    await expectRefused('recientes', ['s', 'recientes', 'true', '2024-13-45 10:00:00+00', randomUUID()]);
    await expectRefused('calificacion', ['a', 'calificacion', '0', '-2147483649', randomUUID()]);
  });

  it('the cursors the API writes, for every order and direction, lead to their pages', async () => {
    for (const orden of searchOrderValues) {
      const page1 = await t.app.inject(`/api/escorts?orden=${orden}&limite=1`);
      const next = page1.json().siguiente as string;
      expect(next, orden).toBeTruthy();
      const page2 = await searchWith(orden, next);
      expect(page2.statusCode, page2.body).toBe(200);
      const back = await searchWith(orden, page2.json().anterior as string);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().items).toEqual(page1.json().items);
    }
  });

  for (const orden of searchOrderValues) {
    it(`${orden}: any well-typed key (int4 range, real dates, uuids) is a page`, async () => {
      await fc.assert(
        fc.asyncProperty(direction, validKey(orden), async (dir, key) => {
          await expectPage(orden, [dir, orden, ...key]);
        }),
        { numRuns: RUNS },
      );
    });

    it(`${orden}: one forged value anywhere in the key is a 400`, async () => {
      const types = keyTypes[orden];
      const forgedKey = fc
        .tuple(validKey(orden), fc.integer({ min: 0, max: types.length - 1 }))
        .chain(([key, at]) =>
          forged[types[at]!].map((bad) => key.map((v, i) => (i === at ? bad : v)) as unknown[]),
        );
      await fc.assert(
        fc.asyncProperty(direction, forgedKey, async (dir, key) => {
          await expectRefused(orden, [dir, orden, ...key]);
        }),
        { numRuns: RUNS },
      );
    });

    it(`${orden}: a key too short or too long, another direction, or another order’s name is a 400`, async () => {
      const key = fc.sample(validKey(orden), 1)[0]!;
      await expectRefused(orden, ['s', orden, ...key.slice(1)]);
      await expectRefused(orden, ['s', orden, ...key, randomUUID()]);
      await expectRefused(orden, ['x', orden, ...key]);
      await expectRefused(orden, [orden, ...key]);
      await expectRefused(orden, { s: orden, key });
      for (const other of searchOrderValues.filter((o) => o !== orden)) {
        await expectRefused(orden, ['s', other, ...key]);
        // A real cursor of another order, too.
        const page = await t.app.inject(`/api/escorts?orden=${other}&limite=1`);
        const res = await searchWith(orden, page.json().siguiente as string);
        expect(res.statusCode).toBe(400);
        expect(res.json().mensaje).toBe(msg.searchCursor);
      }
    });
  }

  it('any text at all as a cursor is a page or the cursor 400, never a 500', async () => {
    const text = fc.oneof(
      fc.string({ minLength: 1, maxLength: 200 }),
      fc
        .string({ unit: 'binary', minLength: 1, maxLength: 100 })
        .map((s) => Buffer.from(s).toString('base64url')),
      fc.json({ maxDepth: 2 }).map((s) => Buffer.from(s).toString('base64url')),
      fc
        .tuple(
          direction,
          fc.constantFrom(...searchOrderValues),
          fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
        )
        .map(([d, o, key]) => encode([d, o, ...key])),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...searchOrderValues), text, async (orden, cursor) => {
        const res = await searchWith(orden, cursor);
        expect([200, 400], `${orden} ${cursor}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().code).toMatch(/^(BAD_REQUEST|VALIDATION)$/);
      }),
      { numRuns: 120 },
    );
  });
});
