import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** Which upload page the link opens. */
  recipientKind: z.enum(['client', 'escort']),
  /** The reasons the admin chose, with her own words. */
  motivo: z.string(),
});

/** The identity document could not be validated: why, and where to upload it again. */
export const documentRejectedMail = defineMail({
  name: 'document-rejected',
  description: 'El documento necesita una corrección: motivo y enlace para subirlo otra vez',
  schema,
  samples: {
    default: { nickname: 'juan_p', recipientKind: 'client', motivo: 'La foto está borrosa.' },
  },
  subject: (_d, site) => `Tu documento en ${site.name} necesita una corrección`,
  body: (d, site) => {
    const upload = d.recipientKind === 'client' ? pages.uploadDocClient : pages.uploadDocEscort;
    return [
      p(`Hola ${d.nickname},`),
      p(
        'Un administrador revisó tu documento y no pudo validar tu cuenta todavía.',
        `Motivo de rechazo: ${d.motivo}. Estado de autorización: pendiente`,
      ),
      p([
        'Puedes subir tu documento nuevamente aquí: ',
        link(`${site.url}${upload.href}`, 'subir mi documento'),
      ]),
      p(site.name),
    ];
  },
});
