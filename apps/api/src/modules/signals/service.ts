import { createHash, createHmac } from 'node:crypto';
import { msg } from '@encanto/core/messages';
import { signalKindLabels, type Signal, type SignalKind } from '@encanto/core/safety';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { deriveKey, loadMasterKey } from '../../lib/master-key.ts';
import { recordDecision } from '../audit/service.ts';
import { networkOf } from '../../lib/network.ts';
import type { SessionAccount } from '../sessions/service.ts';
import * as q from './queries.ts';

/** Two pictures this close (of 64 bits) are the same photo; measured on the demo photos (decision 0083). */
export const PHASH_MAX_DISTANCE = 4;
/** "More than 3 registrations from one address in 24 hours." */
export const MANY_ACCOUNTS_MIN = 3;
const WINDOW_MS = 24 * 60 * 60 * 1000;
/** Registration marks are kept this long, then erased by the retention job. */
export const REGISTRATION_MARK_DAYS = 30;

interface Group {
  tipo: SignalKind;
  ids: string[];
  found: Date;
}

/** Joins pairs into groups (connected accounts): three accounts sharing one photo are one signal. */
function groupPairs(tipo: SignalKind, pairs: q.Pair[]): Group[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const { a, b } of pairs) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(find(a), find(b));
  }
  const groups = new Map<string, Group>();
  for (const { a, found } of pairs) {
    const root = find(a);
    const g = groups.get(root) ?? { tipo, ids: [], found };
    if (found > g.found) g.found = found;
    groups.set(root, g);
  }
  for (const id of parent.keys()) groups.get(find(id))!.ids.push(id);
  return [...groups.values()];
}

/** Registrations of one mark within any 24 h window holding more than MANY_ACCOUNTS_MIN of them. */
function manyAccountGroups(rows: { mark: string; accountId: string; createdAt: Date }[]): Group[] {
  const byMark = new Map<string, { accountId: string; createdAt: Date }[]>();
  for (const r of rows) byMark.set(r.mark, [...(byMark.get(r.mark) ?? []), r]);
  const groups: Group[] = [];
  for (const list of byMark.values()) {
    const members = new Set<string>();
    let found = new Date(0);
    let start = 0;
    for (let end = 0; end < list.length; end++) {
      while (list[end]!.createdAt.getTime() - list[start]!.createdAt.getTime() > WINDOW_MS) start++;
      if (end - start + 1 > MANY_ACCOUNTS_MIN) {
        for (let i = start; i <= end; i++) members.add(list[i]!.accountId);
        found = list[end]!.createdAt;
      }
    }
    if (members.size > 0) groups.push({ tipo: 'muchas_cuentas', ids: [...members], found });
  }
  return groups;
}

const keyOf = (g: Group) =>
  `${g.tipo}-${createHash('sha256')
    .update([...g.ids].sort().join(','))
    .digest('hex')
    .slice(0, 20)}`;

async function currentGroups(db: DbOrTx, now: Date): Promise<Group[]> {
  const docGroups = [
    ...groupPairs('mismo_documento', await q.sameDocumentImagePairs(db, PHASH_MAX_DISTANCE)),
    ...(await q.sameRutDigitGroups(db)).map((g) => ({ tipo: 'mismo_documento' as const, ...g })),
  ];
  return [
    ...groupPairs('misma_foto', await q.samePhotoPairs(db, PHASH_MAX_DISTANCE)),
    ...(await q.samePhoneGroups(db)).map((g) => ({ tipo: 'mismo_telefono' as const, ...g })),
    ...docGroups,
    ...manyAccountGroups(
      await q.busyRegistrationMarks(
        db,
        new Date(now.getTime() - REGISTRATION_MARK_DAYS * 86_400_000),
        MANY_ACCOUNTS_MIN,
      ),
    ),
  ];
}

/**
 * Every group of accounts that share what they should not, computed from the
 * stored data each time (nothing to keep in sync), minus the groups an admin
 * dismissed. A group that gains an account has a new key, so it shows again.
 * Signals never block anyone and never leave the admin panel.
 */
export async function listSignals(deps: Pick<Deps, 'db' | 'clock'>): Promise<Signal[]> {
  return (await computeSignals(deps)).map((s) => s.signal);
}

async function computeSignals(
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<{ signal: Signal; members: { id: string; nickname: string }[] }[]> {
  const { db } = deps;
  const dismissed = await q.dismissedKeys(db);
  const groups = (await currentGroups(db, deps.clock.now())).filter((g) => !dismissed.has(keyOf(g)));
  const info = new Map(
    (await q.accountsByIds(db, [...new Set(groups.flatMap((g) => g.ids))])).map((a) => [a.id, a]),
  );
  const photoGroupIds = [...new Set(groups.filter((g) => g.tipo === 'misma_foto').flatMap((g) => g.ids))];
  const holds = await q.photoHoldsOf(db, photoGroupIds);
  return groups
    .map((g) => {
      const members = g.ids
        .map((id) => info.get(id))
        .filter((a) => a !== undefined)
        .sort((x, y) => x.nickname.localeCompare(y.nickname));
      const cuentas = members.map((a) => ({
        nickname: a.nickname,
        tipo: kindLabel(a.kind),
        autorizado: a.autorizado,
        publicado: a.listed,
      }));
      const signal: Signal = {
        clave: keyOf(g),
        tipo: g.tipo,
        encontrada: g.found.toISOString(),
        perfil_publicado: cuentas.some((c) => c.publicado),
        cuentas,
        fotos_retenidas:
          g.tipo === 'misma_foto'
            ? holds
                .filter((h) => g.ids.includes(h.accountId))
                .map((h) => ({ id: h.id, nickname: info.get(h.accountId)?.nickname ?? '', estado: h.status }))
            : [],
      };
      return { signal, members };
    })
    .filter((s) => s.members.length > 1)
    .sort((a, b) => b.signal.encontrada.localeCompare(a.signal.encontrada));
}

const kindLabel = (kind: string) =>
  kind === 'client' ? ('cliente' as const) : kind === 'escort' ? ('usuario' as const) : ('admin' as const);

/** Dismisses one current group with the admin's note: one audit line per account of the group. */
export async function dismissSignal(
  deps: Pick<Deps, 'db' | 'clock'>,
  admin: SessionAccount,
  clave: string,
  nota: string,
): Promise<void> {
  const found = (await computeSignals(deps)).find((s) => s.signal.clave === clave);
  if (!found) throw notFound(msg.signalNotFound);
  const { signal, members } = found;
  await deps.db.transaction(async (tx) => {
    await q.insertDismissal(tx, { key: clave, tipo: signal.tipo, nota, adminId: admin.id });
    for (const m of members) {
      await recordDecision(tx, {
        adminId: admin.id,
        adminNickname: admin.nickname,
        accountId: m.id,
        accountNickname: m.nickname,
        action: 'senal_descartada',
        reasons: `${signalKindLabels[signal.tipo]}: ${nota}`,
      });
    }
  });
}

/** Where a registration came from, as an HMAC of its network under a key derived from the deployment's secret. */
export async function recordRegistration(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  accountId: string,
  ip: string,
): Promise<void> {
  const key = deriveKey(await loadMasterKey(deps.config), 'registration-mark');
  const mark = createHmac('sha256', key).update(networkOf(ip)).digest('base64url');
  await q.insertRegistrationMark(deps.db, accountId, mark, deps.clock.now());
}

/** Retention: marks older than REGISTRATION_MARK_DAYS are erased. */
export function purgeRegistrationMarks(db: DbOrTx, now: Date): Promise<number> {
  return q.deleteMarksBefore(db, new Date(now.getTime() - REGISTRATION_MARK_DAYS * 86_400_000));
}
