import { todayInChile } from '@encanto/core/chile-time';
import type { EscortListCard } from '@encanto/core/escorts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import { toListCard } from './search.ts';
import { similarCardRows, similarIds } from './similar-queries.ts';

/** "También te puede interesar": at most this many, under each card (decision 0165). */
export const SIMILAR_MAX = 6;

/**
 * GET /api/usuario/publico/{nickname}/similares: the public profiles most like hers, best first. Her
 * card must be public (the same 404 as the card's otherwise).
 */
export async function similarEscorts(db: DbOrTx, nickname: string, now: Date): Promise<EscortListCard[]> {
  const found = await findAccountByNickname(db, nickname, 'escort');
  if (!found?.profile?.public || found.autorizado !== 'aprobado') throw notFound();
  const ids = await similarIds(db, found.id, SIMILAR_MAX);
  const rows = await similarCardRows(db, ids);
  const today = todayInChile(now);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toListCard(row, today)] : [];
  });
}
