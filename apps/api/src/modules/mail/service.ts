import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { MailSite, MailTemplate } from '../../mail-templates/mail.ts';
import { insertMail } from './queries.ts';

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
