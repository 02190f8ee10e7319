import type { DbOrTx } from '../../db/client.ts';
import { insertMail } from './queries.ts';

/** A mail to queue: who gets it, what it says, and (for notifications) its kind and headers. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** 'sistema' for account mail (approval, recovery…), else the notification kind. */
  kind?: string;
  /** The recipient's account, so its queued mail goes when the account is deleted. */
  accountId?: string | null;
}

/**
 * The one way to send mail: a row in the outbox, written with `tx` so the mail
 * exists exactly when the change that causes it commits. The worker sends it
 * (retrying with back-off); a failure never reaches the user's request.
 */
export async function enqueueMail(tx: DbOrTx, mail: QueuedMail): Promise<void> {
  await insertMail(tx, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ?? {},
    kind: mail.kind ?? 'sistema',
    accountId: mail.accountId ?? null,
  });
}
