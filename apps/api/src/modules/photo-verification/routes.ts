import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  adminPhotoVerificationSchema,
  photoCodeSchema,
  photoRejectSchema,
  photoVerificationStateSchema,
} from '@encanto/core/safety';
import { messageSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { badRequest, tooLarge } from '../../errors.ts';
import { requireAccount, requireAdmin, requireKind, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { readSingleFile } from '../../plugins/uploads.ts';
import {
  approveVerification,
  issueCode,
  ownState,
  pendingVerifications,
  readSelfie,
  rejectVerification,
  submitSelfie,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const idParams = z.object({ id: z.string().uuid() });
const publicIdParams = z.object({ publicId: z.string().regex(/^[a-f0-9]{32}$/) });
const upload = {
  maxBytes: limits.documentMaxBytes,
  fileField: 'file',
  tooLarge: () => tooLarge(),
  invalid: () => badRequest(msg.fileAndNicknameRequired),
};

/** Verified photos: the escort's code and selfie, and the admin's review (decision 0082). */
export const photoVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const tags = ['verificación de fotos'];

  // A POST: a call may issue a new code (once the one before expired or was spent), so no link, prefetch
  // or crawler may trigger it as a GET could, and the CSRF check on cookie writes covers it.
  app.post(
    '/usuario/verificacion-fotos/codigo',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Emite el código para escribir en el papel de la selfie (ENCANTO- y 4 caracteres, vale 30 minutos; mientras vale se entrega el mismo)',
        response: { 200: photoCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireKind(request, 'escort');
      reply.header('cache-control', 'no-store');
      return issueCode(deps, caller);
    },
  );

  app.get(
    '/usuario/verificacion-fotos',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Estado de la verificación de fotos propia',
        response: { 200: photoVerificationStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireKind(request, 'escort');
      reply.header('cache-control', 'no-store');
      return ownState(deps, caller);
    },
  );

  app.post(
    '/usuario/verificacion-fotos',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Envía la selfie con el código (multipart: file y codigo); se guarda cifrada como un documento',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ id: z.string(), mensaje: z.string() }),
          ...errors,
          ...errorResponses(409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireKind(request, 'escort');
      const { file, fields } = await readSingleFile(request, upload);
      return reply.status(201).send(await submitSelfie(deps, caller, fields.codigo, file));
    },
  );

  app.get(
    '/usuario/verificacion-fotos/selfie/:publicId',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Bytes de la selfie (JPEG): su dueña o un administrador; nunca en caché',
        params: publicIdParams,
        // No response schema: the body is raw JPEG bytes.
      },
    },
    async (request, reply) => {
      const caller = await requireAccount(request);
      const bytes = await readSelfie(deps, caller, request.params.publicId);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="selfie.jpg"')
        .type('image/jpeg')
        .send(bytes);
    },
  );

  app.get(
    '/admin/verificaciones-fotos',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Selfies por revisar, con la foto de perfil, la galería y el documento para comparar',
        response: { 200: z.array(adminPhotoVerificationSchema), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return pendingVerifications(app.db);
    },
  );

  app.post(
    '/admin/verificaciones-fotos/:id/aprobar',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Aprueba la verificación: el perfil muestra "Fotos verificadas"',
        params: idParams,
        response: { 200: messageSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await approveVerification(deps, admin, request.params.id);
      return { mensaje: msg.photoCheckApproved };
    },
  );

  app.post(
    '/admin/verificaciones-fotos/:id/rechazar',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Rechaza la verificación con un motivo (se le informa por correo)',
        params: idParams,
        body: photoRejectSchema,
        response: { 200: messageSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await rejectVerification(deps, admin, request.params.id, request.body.motivo);
      return { mensaje: msg.photoCheckRejected };
    },
  );
};
