import { msg } from '@encanto/core/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import {
  closeOpenMeetings,
  deleteBlock,
  insertBlock,
  isBlocked,
  listBlocked,
  notBlockedSql,
} from './queries.ts';

/**
 * True when the escort blocked the client: the marketplace services (meeting
 * requests, comments, ratings) ask before acting. `notBlockedSql` is the same
 * rule as a condition inside another module's query.
 */
export { isBlocked, notBlockedSql };

async function findClientId(db: DbOrTx, nickname: string): Promise<string> {
  const row = await findAccountByNickname(db, nickname, 'client');
  if (!row) throw notFound(msg.blockClientNotFound);
  return row.id;
}

/** The escort blocks a client: open requests and conversations between them end in the same transaction. */
export async function blockClient(
  db: Db,
  escortId: string,
  nicknameCliente: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const clientId = await findClientId(tx, nicknameCliente);
    await insertBlock(tx, escortId, clientId);
    await closeOpenMeetings(tx, escortId, clientId, now);
  });
}

export async function unblockClient(db: Db, escortId: string, nicknameCliente: string): Promise<void> {
  const clientId = await findClientId(db, nicknameCliente);
  await deleteBlock(db, escortId, clientId);
}

export async function blockedClients(db: DbOrTx, escortId: string) {
  const rows = await listBlocked(db, escortId);
  return rows.map((r) => ({ nickname_cliente: r.nickname_cliente, desde: r.desde.toISOString() }));
}
