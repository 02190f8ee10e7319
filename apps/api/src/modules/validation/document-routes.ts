import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { documentInfoSchema, messageSchema, uploadResultSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { badRequest, tooLarge } from '../../errors.ts';
import { requireAccount, requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import { readSingleFile } from '../../plugins/uploads.ts';
import { deleteDocument, documentInfo, readDocument, uploadDocument } from './documents.ts';
import type { ValidationKind } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const nickParams = z.object({ nick: z.string().min(1).max(60) });
const deleteParams = z.object({ a: z.string().min(1).max(60), b: z.string().min(1).max(100) });
const publicIdParams = z.object({ publicId: z.string().regex(/^[a-f0-9]{32}$/) });
const upload = {
  maxBytes: limits.documentMaxBytes,
  tooLarge: () => tooLarge(),
  invalid: () => badRequest(msg.noFileOrNickname),
};

const kinds: { path: 'escort' | 'cliente'; kind: ValidationKind }[] = [
  { path: 'escort', kind: 'escort' },
  { path: 'cliente', kind: 'client' },
];

/** Identity documents: the holder uploads, reads while pending and deletes; admins read them. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  for (const { path, kind } of kinds) {
    app.post(
      `/upload/subir-validacion-${path}/:nick`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['validación'],
          summary: `Sube el documento de identidad (${path}; máx. 8 MB, se re-codifica sin metadatos y se guarda cifrado)`,
          consumes: ['multipart/form-data'],
          params: nickParams,
          response: { 201: uploadResultSchema, ...errors, ...errorResponses(409, 413, 415) },
        },
      },
      async (request, reply) => {
        const caller = await requireSelf(request, { nickname: request.params.nick }, { kind });
        const { file, fields } = await readSingleFile(request, upload);
        // The form sends nickname too; when present it must name the same account as the path.
        if (
          fields.nickname !== undefined &&
          fields.nickname.toLowerCase() !== request.params.nick.toLowerCase()
        )
          throw upload.invalid();
        return reply.status(201).send(await uploadDocument(deps, caller, kind, request.params.nick, file));
      },
    );

    app.get(
      `/upload/obtener-imagen-validacion-${path}/:nick`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['validación'],
          summary: 'Documento de identidad cargado (dueño mientras está pendiente, o administrador)',
          params: nickParams,
          response: { 200: documentInfoSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return documentInfo(app.db, caller, kind, request.params.nick);
      },
    );

    app.delete(
      `/upload/eliminar-validacion-${path}/:a/:b`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['validación'],
          summary: 'Elimina el documento de identidad propio (a = nickname, b = publicId)',
          params: deleteParams,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const caller = await requireSelf(request, { nickname: request.params.a }, { kind });
        await deleteDocument(deps, caller, kind, request.params.a, request.params.b);
        return { mensaje: msg.imageDeleted };
      },
    );
  }

  app.get(
    '/upload/documento/:publicId',
    {
      schema: {
        security: sessionSecurity,
        tags: ['validación'],
        summary:
          'Bytes del documento (JPEG), con sesión: dueño mientras está pendiente o administrador; nunca en caché',
        params: publicIdParams,
        // No response schema: the body is raw JPEG bytes (errors still go through the one error handler).
      },
    },
    async (request, reply) => {
      const caller = await requireAccount(request);
      const bytes = await readDocument(deps, caller, request.params.publicId);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="documento.jpg"')
        .type('image/jpeg')
        .send(bytes);
    },
  );
};
