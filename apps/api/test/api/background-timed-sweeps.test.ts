import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, queuedMails } from '../helpers/fixtures.ts';
import { SAVED_SEARCH_SWEEP_MS } from '../../src/plugins/background.ts';
import { call } from './marketplace-helpers.ts';
import { testClock } from './meetings-helpers.ts';

/**
 * The timed sweeps (plugins/background.ts) run on their interval only when the app's clock has moved since
 * the last run: a test on a stopped clock runs each sweep itself, so no timed run lands between its steps.
 * Only setInterval is faked, so the interval's ticks come when the test says.
 */
let t: TestApp;
const clock = testClock(new Date('2026-11-29T15:00:00Z'));
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

const notices = (to: string) => queuedMails(t.app, to, 'busquedas');

/** Lets a timed sweep that a tick started finish: the sweeps run one at a time, so a called one waits for it. */
const settle = () => t.app.background.sweepSavedSearches();

describe('timed sweeps follow the app clock', () => {
  it('a stopped clock gets no timed run; once it moves, the next tick runs the sweep', async () => {
    const me = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Temuco' });
    const saved = await call(t.app, 'POST', '/busquedas', me, {
      nombre: 'Ñuñoa',
      filtros: { comuna: 'nunoa' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await settle();
    await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Ñuñoa' });

    await vi.advanceTimersByTimeAsync(3 * SAVED_SEARCH_SWEEP_MS);
    expect(await notices(me.email)).toEqual([]);

    clock.advance(1000);
    await vi.advanceTimersByTimeAsync(SAVED_SEARCH_SWEEP_MS);
    await settle();
    expect(await notices(me.email)).toHaveLength(1);
  });
});
