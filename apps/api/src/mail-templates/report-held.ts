import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  /** The profile now on hold. */
  nickname: z.string(),
});

/** To every administrator: a trusted witness's possible-minor report put a profile on hold. */
export const reportHeldMail = defineMail({
  name: 'report-held',
  description: 'A la administración: perfil en espera por denuncia de posible menor de edad',
  schema,
  samples: { default: { nickname: 'camila_v' } },
  subject: (_d, site) => `Perfil en espera en ${site.name}: posible menor de edad`,
  body: (d, site) => [
    p('Hola:'),
    p(
      `Un cliente verificado que tuvo una cita aceptada con ${d.nickname} denunció su perfil por posible menor de edad. El perfil quedó oculto hasta que decidas la denuncia.`,
    ),
    p('Revísala cuanto antes:', link(`${site.url}${pages.adminReports.href}`, 'Revisar la denuncia')),
  ],
});
