import { todayInChile } from '@encanto/core/chile-time';
import { cityKey, findComuna } from '@encanto/core/geo';
import { regionSlug } from '@encanto/core/search';
import { addDays } from '@encanto/core/touring-dates';
import { giraProblems, visitAlertText, type Visit, type VisitInput } from '@encanto/core/touring';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { findAccountById, findAccountByNickname } from '../accounts/service.ts';
import { notifyVisit } from '../notifications/service.ts';
import { claimVisitAlert, fansIn } from './alert-queries.ts';
import { comingVisitsOf, replaceVisits, visitsOf } from './queries.ts';

/** Her current and coming visits (ended ones are not shown; the next save drops them). */
export async function currentVisits(db: DbOrTx, accountId: string, today: string): Promise<Visit[]> {
  const rows = await visitsOf(db, accountId);
  return rows.filter((v) => v.hasta >= today);
}

/** The visits her public card lists (current and coming); the card route has checked she is public. */
export async function publicVisits(db: DbOrTx, nickname: string, today: string): Promise<Visit[]> {
  const account = await findAccountByNickname(db, nickname);
  return account ? comingVisitsOf(db, account.id, today) : [];
}

/** Every stored visit, ended ones too: what the data export lists. */
export const allVisits = (db: DbOrTx, accountId: string): Promise<Visit[]> => visitsOf(db, accountId);

/**
 * PUT /api/usuario/gira: checks the rules that need today (Chile) and her comuna, then replaces
 * the list in one transaction. A visit that has already started may be sent again unchanged
 * in its start, so she can edit the list while travelling.
 */
export async function saveVisits(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  accountId: string,
  list: VisitInput[],
): Promise<Visit[]> {
  const db: Db = deps.db;
  const today = todayInChile(deps.clock.now());
  return db.transaction(async (tx) => {
    const stored = await visitsOf(tx, accountId);
    const problems = giraProblems(list, {
      today,
      ownCiudad: (await findAccountById(tx, accountId))?.ciudad,
      stored,
    });
    if (problems[0]) {
      const fields: Record<string, string> = {};
      for (const p of problems) fields[p.path] ??= p.message;
      throw badRequest(problems[0].message, fields);
    }
    const rows = list.map((v) => {
      // The schema accepted the name, so the catalogue has it.
      const comuna = findComuna(v.ciudad)!;
      return {
        accountId,
        ciudad: comuna.name,
        cityKey: cityKey(comuna.name),
        regionKey: regionSlug(comuna.region),
        zona: comuna.zone,
        desde: v.desde,
        hasta: v.hasta,
      };
    });
    await replaceVisits(tx, accountId, rows);
    await alertFans(tx, deps, accountId, rows, today);
    return rows
      .map(({ ciudad, desde, hasta }) => ({ ciudad, desde, hasta }))
      .sort((a, b) => a.desde.localeCompare(b.desde));
  });
}

/** A visit under way for more than this is old news: no notice (decision 0170). */
const ALERT_UNDER_WAY_DAYS = 1;

/**
 * Tells her fans in each visit's comuna, once per client and visit (decision 0170), in the transaction that
 * saves the list: a visit that began more than a day ago is skipped; `visit_alerts` keeps the ones sent,
 * so saving the list again, or moving the last day, sends nothing more.
 */
async function alertFans(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  escortId: string,
  visits: { ciudad: string; cityKey: string; desde: string; hasta: string }[],
  today: string,
): Promise<void> {
  const oldest = addDays(today, -ALERT_UNDER_WAY_DAYS);
  const escort = await findAccountById(tx, escortId);
  if (!escort) return;
  for (const visit of visits) {
    if (visit.desde < oldest) continue;
    const text = visitAlertText(escort.apellido, visit.ciudad, visit.desde, visit.hasta);
    for (const fan of await fansIn(tx, escortId, visit.ciudad)) {
      const fresh = await claimVisitAlert(tx, {
        escortId,
        clientId: fan.id,
        cityKey: visit.cityKey,
        desde: visit.desde,
        now: deps.clock.now(),
      });
      if (fresh) await notifyVisit(tx, deps, fan, { text, nickname: escort.nickname });
    }
  }
}
