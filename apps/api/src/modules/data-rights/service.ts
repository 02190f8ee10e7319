import type { MyData } from '@encanto/core/data-rights';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { syncEscortVisibility } from '../accounts/service.ts';
import { blockedClients } from '../blocks/service.ts';
import { holdState } from '../reports/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import { documentDeletionDate } from './export.ts';
import { readAccount, readDocument } from './export-queries.ts';
import { escortFlags, setPaused } from './queries.ts';
import { ownRectifications } from './rectification.ts';

const tipoOf = (kind: SessionAccount['kind']) =>
  kind === 'escort' ? 'usuario' : kind === 'client' ? 'cliente' : 'admin';

/** What 'Mis datos' shows in one read. */
export async function myData(deps: Pick<Deps, 'db' | 'config'>, caller: SessionAccount): Promise<MyData> {
  const { db, config } = deps;
  const [account, doc, flags, rects, blocked] = await Promise.all([
    readAccount(db, caller.id),
    readDocument(db, caller.id),
    caller.kind === 'escort' ? escortFlags(db, caller.id) : Promise.resolve(undefined),
    ownRectifications(db, caller.id),
    caller.kind === 'escort' ? blockedClients(db, caller.id) : Promise.resolve(null),
  ]);
  if (!account) throw notFound();
  const revision = flags ? await holdState(db, caller.id, flags.suspended) : null;
  const deletion = documentDeletionDate(account.approvedAt, doc?.rejectedAt, config.documentRetentionDays);
  return {
    tipo: tipoOf(caller.kind),
    nickname: account.nickname,
    pausado: flags?.paused ?? null,
    suspendido: flags?.suspended ?? null,
    revision,
    documento: doc
      ? { subido_el: doc.createdAt.toISOString(), se_elimina_el: deletion?.toISOString() ?? null }
      : null,
    retencion_dias: config.documentRetentionDays,
    rectificaciones: rects,
    bloqueados: blocked,
  };
}

/** The escort's own pause (right to block processing): hidden everywhere, nothing deleted. */
export async function setPause(db: Db, escortId: string, paused: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await setPaused(tx, escortId, paused, now))) throw notFound();
    await syncEscortVisibility(tx, escortId, now);
  });
}
