import { pages } from '@encanto/core/paths';
import type { MailSite } from './mail.ts';

/**
 * A trusted contact's way out of all the site's mail: the page (a click) and RFC 8058's one-click
 * POST, both carrying the signed refusal token. Shared by the check-in mails to contacts.
 */
export const refusalPage = (site: MailSite, token: string) =>
  `${site.url}${pages.contactRefuse.href}?t=${encodeURIComponent(token)}`;

export const refusalHeaders = (site: MailSite, token: string) => ({
  'List-Unsubscribe': `<${site.url}/api/seguridad/contacto/baja?t=${encodeURIComponent(token)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
