import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { watermarkSchema } from '@encanto/core/watermark';
import { depsOf } from '../../deps.ts';
import { requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { setWatermark, watermarkOf } from './service.ts';

/** Her watermark switch (decision 0178): an escort's own setting; her card and listings change with it. */
export const watermarkRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const tags = ['perfil'];

  app.get(
    '/cuenta/marca-agua',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Si la escort marca sus fotos públicas con el nombre del sitio y su apodo',
        response: { 200: watermarkSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => watermarkOf(app.db, (await requireKind(request, 'escort')).id),
  );

  app.put(
    '/cuenta/marca-agua',
    {
      // Her card, gallery and listings serve other files from now on.
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Marca (o desmarca) sus fotos públicas con el nombre del sitio y su apodo; nunca documentos ni selfies',
        body: watermarkSchema,
        response: {
          200: watermarkSchema.extend({ mensaje: z.string() }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const escort = await requireKind(request, 'escort');
      return setWatermark(deps, escort.id, request.body.activa);
    },
  );
};
