import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  /** The reported profile. */
  nickname: z.string(),
  /** How many distinct people report it. */
  reporters: z.number().int().positive(),
});

/** To every administrator: a possible-minor report that did not hide the profile. */
export const reportUrgentMail = defineMail({
  name: 'report-urgent',
  description: 'A la administración: denuncia urgente por posible menor de edad',
  schema,
  samples: { default: { nickname: 'camila_v', reporters: 2 } },
  subject: (_d, site) => `Denuncia urgente en ${site.name}: posible menor de edad`,
  body: (d, site) => [
    p('Hola:'),
    p(
      `Recibimos una denuncia por posible menor de edad sobre el perfil ${d.nickname} (personas distintas que lo denuncian: ${d.reporters}). El perfil sigue visible: antes de tu revisión solo lo oculta la denuncia de un cliente verificado que tuvo una cita aceptada con ella; las denuncias anónimas, sean cuantas sean, no lo ocultan.`,
    ),
    p('Revísala cuanto antes:', link(`${site.url}${pages.adminReports.href}`, 'Revisar la denuncia')),
  ],
});
