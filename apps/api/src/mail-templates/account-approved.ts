import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { approvalNotice } from '@encanto/core/validation';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** Which sign-in page the link opens. */
  recipientKind: z.enum(['client', 'escort']),
  /** The approval reason the admin recorded. */
  motivo: z.string(),
});

/** An administrator checked the identity document and authorised the account. */
export const accountApprovedMail = defineMail({
  name: 'account-approved',
  description: 'Cuenta autorizada tras revisar el documento',
  schema,
  samples: {
    default: { nickname: 'camila_v', recipientKind: 'escort', motivo: 'Documento verificado' },
  },
  subject: (_d, site) => `Tu cuenta en ${site.name} fue autorizada`,
  body: (d, site) => {
    const login = d.recipientKind === 'client' ? pages.clientLogin : pages.escortLogin;
    return [
      p(`Hola ${d.nickname},`),
      p(approvalNotice(d.motivo), 'Un administrador revisó tu documento y autorizó tu cuenta.'),
      p(['Ya puedes ingresar: ', link(`${site.url}${login.href}`, 'iniciar sesión')]),
      p(site.name),
    ];
  },
});
