import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { totpFactors } from '../../src/db/schema/index.ts';
import { movableClock } from './clock.ts';

/** ADMIN_TOTP_SECRET of every test app (createTestApp): the bootstrapped admin's codes come from it. */
export const TEST_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at `atMs` (RFC 6238: SHA-1, 6 digits, 30 s). */
export function currentCode(secret: string, atMs: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: atMs });
}

/**
 * How long a code from freshCode stays acceptable at least: the request that carries it may wait seconds
 * on a loaded CI machine, and the app's running clock moves on meanwhile (a code of the step before the
 * current one, picked a second before the step ended, once failed so).
 */
const VALID_FOR_MS = 20_000;

/**
 * A code the server will accept now and for VALID_FOR_MS, by the app's clock: codes of a step already
 * used are refused (replay), so this picks the earliest step after the account's last one within the ±1
 * step the server allows, and moves the app's clock to that step's neighbourhood when three logins in a
 * row used them all (where it once waited up to 30 s).
 */
export async function freshCode(app: FastifyInstance, accountId: string, secret: string): Promise<string> {
  const [row] = await app.db
    .select({ lastStep: totpFactors.lastStep })
    .from(totpFactors)
    .where(eq(totpFactors.accountId, accountId));
  const clock = movableClock(app);
  const laterStep = Math.floor((clock.now().getTime() + VALID_FOR_MS) / STEP_MS);
  const step = Math.max(laterStep - 1, (row?.lastStep ?? -1) + 1);
  const aheadMs = (step - 1) * STEP_MS - clock.now().getTime();
  if (aheadMs > 0) clock.advance(aheadMs + 50);
  return currentCode(secret, step * STEP_MS + 1000);
}

type Answer = Record<string, unknown>;

/**
 * Finishes whatever a login route answered: a token as is, a TOTP step with a computed code, or an
 * admin's enrolment (the secret read from the enrolment answer). Returns the final answer.
 */
export async function completeLogin(
  app: FastifyInstance,
  answer: Answer,
  secret: string = TEST_ADMIN_TOTP_SECRET,
): Promise<Answer & { token: string }> {
  if (typeof answer.token === 'string') return answer as Answer & { token: string };
  const desafio = answer.desafio as string;
  const challengeAccount = async () => {
    const { loginChallenges } = await import('../../src/db/schema/index.ts');
    const { sha256 } = await import('../../src/lib/tokens.ts');
    const [row] = await app.db
      .select({ accountId: loginChallenges.accountId })
      .from(loginChallenges)
      .where(eq(loginChallenges.tokenHash, sha256(desafio)));
    return row!.accountId;
  };
  if (answer.segundo_factor === 'inscribir') {
    const enrol = await app.inject({
      method: 'POST',
      url: '/api/login/inscribir-totp',
      payload: { desafio },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secreto } = enrol.json() as { secreto: string };
    const codigo = await freshCode(app, await challengeAccount(), secreto);
    const done = await app.inject({
      method: 'POST',
      url: '/api/login/confirmar-totp',
      payload: { desafio, codigo },
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json();
  }
  const codigo = await freshCode(app, await challengeAccount(), secret);
  const done = await app.inject({
    method: 'POST',
    url: '/api/login/segundo-factor',
    payload: { desafio, codigo },
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

/** Logs in through a login route and the second step; the final answer. */
export async function loginWithSecondFactor(
  app: FastifyInstance,
  url: string,
  credentials: { email: string; pass: string },
  secret: string = TEST_ADMIN_TOTP_SECRET,
): Promise<Answer & { token: string }> {
  const res = await app.inject({ method: 'POST', url, payload: credentials });
  expect(res.statusCode, res.body).toBe(200);
  return completeLogin(app, res.json(), secret);
}
