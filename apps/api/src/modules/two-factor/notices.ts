import { twoFactorLimits } from '@encanto/core/two-factor';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { queueMail } from '../mail/service.ts';
import { securityNoticeMail, type SecurityNoticeKind } from '../../mail-templates/security-notice.ts';
import { countDevices, insertNotice, rememberDevice, takeNotice } from './notice-queries.ts';

export type NoticeDeps = Pick<Deps, 'config' | 'clock'>;

export interface NoticeSubject {
  id: string;
  email: string;
  /** The User-Agent of the request that made the change, named coarsely in the mail. */
  userAgent?: string | undefined;
}

/**
 * Mails the owner that something changed in her account's security, in the transaction of the change,
 * with a "no fui yo" link (one use, a few days) that ends every session and undoes the change.
 * `factorRef` names the factor an addition created, so the link can take exactly that one back.
 */
export async function recordSecurityNotice(
  tx: DbOrTx,
  deps: NoticeDeps,
  account: NoticeSubject,
  kind: SecurityNoticeKind,
  factorRef: string | null = null,
): Promise<void> {
  const now = deps.clock.now();
  const token = randomToken();
  await insertNotice(tx, {
    accountId: account.id,
    kind,
    factorRef,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + twoFactorLimits.noticeTtlMs),
  });
  await queueMail(
    tx,
    deps,
    securityNoticeMail,
    { what: kind, at: now.toISOString(), userAgent: account.userAgent ?? null, token },
    { to: account.email, accountId: account.id },
  );
}

/** The notice a "no fui yo" link names, taken once (later clicks find nothing). */
export const takeSecurityNotice = (db: DbOrTx, token: string, now: Date) =>
  takeNotice(db, sha256(token), now);

/**
 * A sign-in: the browser (its device cookie's id) joins the account's known ones. A browser seen for the
 * first time, on an account that already had one, mails the owner; the very first sign-in does not.
 */
export async function noteSignIn(
  tx: DbOrTx,
  deps: NoticeDeps,
  account: NoticeSubject,
  deviceId: string,
): Promise<void> {
  const hadDevices = (await countDevices(tx, account.id)) > 0;
  const isNew = await rememberDevice(tx, account.id, sha256(`device:${deviceId}`), deps.clock.now());
  if (isNew && hadDevices) await recordSecurityNotice(tx, deps, account, 'new_device');
}
