import type { EscortCard } from '@encanto/core/escorts';
import { DEMO_EMAIL_DOMAIN } from '../../apps/api/src/demo/plan.ts';
import { baseUrl } from './browser.ts';

/** The password of every demo account (DEMO_PASSWORD in apps/api/src/demo/seed.ts, which imports the database layer). */
export const DEMO_PASSWORD = 'encanto123';

export interface DemoEscort extends EscortCard {
  email: string;
}

/**
 * A demo escort from a public listing (`/api/ultimos` or `/api/usuario/ciudad/{city}`):
 * the newest one that is available, has an illustrated photo (WebP srcset) and
 * logs in as `{nickname}@encanto.demo`.
 *
 * All browser test files share one server, and several of them register and
 * approve escorts of their own, which then are the newest in every listing.
 * Taking "the first of the listing" therefore picks a different account
 * depending on which files ran before; checking the demo login makes the choice
 * the same in a single file and in the full suite.
 */
export async function demoEscort(listing = '/api/ultimos'): Promise<DemoEscort> {
  const res = await fetch(`${baseUrl()}${listing}`);
  if (!res.ok) throw new Error(`GET ${listing} -> ${res.status}`);
  const cards = (await res.json()) as EscortCard[];
  for (const card of cards) {
    if (card.estado !== 'disponible' || !card.srcset) continue;
    const email = `${card.nickname}@${DEMO_EMAIL_DOMAIN}`;
    const login = await fetch(`${baseUrl()}/api/usuario/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, pass: DEMO_PASSWORD }),
    });
    if (!login.ok) continue;
    // The probe's session is not needed: end it, so the account holds only the sessions its test opens.
    const { token } = (await login.json()) as { token: string };
    await fetch(`${baseUrl()}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    return { ...card, email };
  }
  throw new Error(`No demo escort in ${listing} (the e2e server seeds demo data unless E2E_DEMO_DATA=false)`);
}
