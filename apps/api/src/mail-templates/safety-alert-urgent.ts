import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  /** The category's label (violence or threats). */
  categoria: z.string(),
});

/** To every administrator, at once: an escort filed an alert of violence or threats (decision 0171). */
export const safetyAlertUrgentMail = defineMail({
  name: 'safety-alert-urgent',
  description: 'A la administración: alerta de seguridad urgente (violencia o amenazas)',
  schema,
  samples: { default: { categoria: 'Violencia' } },
  subject: (_d, site) => `Alerta de seguridad urgente en ${site.name}`,
  body: (d, site) => [
    p('Hola:'),
    p(
      `Una escort envió una alerta de seguridad sobre un cliente con quien tuvo una cita aceptada. Categoría: ${d.categoria}.`,
    ),
    p('Revísala cuanto antes:', link(`${site.url}${pages.adminAlerts.href}`, 'Revisar la alerta')),
  ],
});
