import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { MailSite, MailTemplate } from '../../mail-templates/mail.ts';
import { insertMail, insertPush, type OutboxRow } from './queries.ts';

/** An outbox row, as the worker hands a push row to its sender (modules/push). */
export type { OutboxRow };

/** Who gets a mail: the address, and the account it belongs to (its queued mail goes when the account is deleted). */
export interface MailEnvelope {
  to: string;
  accountId?: string | null;
}

/** The site a mail speaks for, from the configuration. */
export const mailSiteOf = (config: Deps['config']): MailSite => ({
  name: config.siteName,
  url: config.siteUrl,
});

/**
 * The one way to send mail: renders `template` with `data` (subject, text, HTML, headers; see
 * apps/api/src/mail-templates) and writes a row of the outbox with `tx`, so the mail exists exactly
 * when the change that causes it commits. The outbox worker sends it (retrying with back-off); a
 * failure never reaches the user's request. It is due from the clock's now, the clock the worker
 * reads. The row's kind is the template's ('sistema' for account mail, the notification kind…).
 */
export async function queueMail<D>(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  template: MailTemplate<D>,
  data: D,
  envelope: MailEnvelope,
): Promise<void> {
  const site = mailSiteOf(deps.config);
  const now = deps.clock.now();
  await insertMail(tx, {
    to: envelope.to,
    subject: template.subject(data, site),
    text: template.text(data, site),
    html: template.html(data, site),
    headers: template.headers(data, site),
    kind: template.kind(data),
    accountId: envelope.accountId ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
}

/** A push notice: what the service worker shows (apps/web/pwa/sw.js) and the page a tap opens. */
export interface PushNotice {
  title: string;
  body: string;
  /** A path of the site (the path table), opened by a tap. */
  url: string;
  /** Notices with the same tag replace each other on the device (one per meeting, say). */
  tag: string;
  /** The notice's kind, as a mail's: what the person can turn off (decision 0169). */
  kind: string;
}

/**
 * Queues a Web Push notice for one subscription in the caller's transaction, like `queueMail`: the outbox
 * worker sends it with the same retries and back-off, and a push service's 404/410 removes the subscription
 * (decision 0168). The row keeps the payload (JSON) in `text` and the title in `subject`; `to` holds only the
 * push service's host, for the logs.
 */
export async function queuePush(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  notice: PushNotice,
  target: { subscriptionId: string; accountId: string; endpoint: string },
): Promise<void> {
  const now = deps.clock.now();
  const { kind, ...payload } = notice;
  await insertPush(tx, {
    to: new URL(target.endpoint).host,
    subject: notice.title,
    text: JSON.stringify(payload),
    html: null,
    headers: {},
    kind,
    accountId: target.accountId,
    pushSubscriptionId: target.subscriptionId,
    nextAttemptAt: now,
    createdAt: now,
  });
}
