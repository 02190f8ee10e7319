import { z } from 'zod';
import { approvalNotice } from '@encanto/core/validation';
import { defineMail, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** The approval notice the admin (re)set. */
  motivo: z.string(),
});

/** The spec's separate notice to an approved account: the admin's approval note. */
export const approvalNoticeMail = defineMail({
  name: 'approval-notice',
  description: 'Aviso de la administración a una cuenta autorizada',
  schema,
  samples: { default: { nickname: 'camila_v', motivo: 'Tu perfil cumple las normas del sitio' } },
  subject: (_d, site) => `Aviso sobre tu cuenta en ${site.name}`,
  body: (d, site) => [p(`Hola ${d.nickname},`), p(approvalNotice(d.motivo)), p(site.name)],
});
