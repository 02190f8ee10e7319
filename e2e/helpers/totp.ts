import fs from 'node:fs/promises';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';

/** ADMIN_TOTP_SECRET of the e2e server: the admin's codes are computed from it, as her app would. */
export const E2E_ADMIN_TOTP_SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';

const STEP_MS = 30_000;

export function totpCode(secret: string, atMs: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: atMs });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A code for the e2e admin the server has not seen: each 30-second step works once (replay
 * refusal) and the server accepts the next step too, so the test workers share a file
 * in the server's data folder naming the last step used, under a lock (an atomic mkdir), and wait
 * for the clock only when the three usable steps are gone.
 */
export async function nextAdminCode(dataDir: string, secret = E2E_ADMIN_TOTP_SECRET): Promise<string> {
  const lock = path.join(dataDir, 'totp-step.lock');
  const file = path.join(dataDir, 'totp-step');
  for (let i = 0; ; i++) {
    try {
      await fs.mkdir(lock);
      break;
    } catch {
      if (i > 2000) throw new Error('totp step lock stuck');
      await sleep(25);
    }
  }
  try {
    const last = Number(await fs.readFile(file, 'utf8').catch(() => '-1'));
    const now = Date.now();
    const nowStep = Math.floor(now / STEP_MS);
    // The server takes the previous step until the current one ends: usable while a typed code still
    // reaches it with 10 s to spare, a third code before anyone waits.
    const earliest = now - nowStep * STEP_MS < STEP_MS - 10_000 ? nowStep - 1 : nowStep;
    const step = Math.max(earliest, last + 1);
    // Usable once it is at most one step ahead of the server's clock (a small margin past the edge).
    const waitMs = (step - 1) * STEP_MS + 500 - Date.now();
    if (waitMs > 0) await sleep(waitMs);
    await fs.writeFile(file, String(step));
    return totpCode(secret, step * STEP_MS + 1000);
  } finally {
    await fs.rmdir(lock);
  }
}
