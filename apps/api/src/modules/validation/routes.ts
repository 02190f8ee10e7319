import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  auditEntrySchema,
  autorizadoSchema,
  clientNoticesSchema,
  documentInfoSchema,
  escortNoticesSchema,
  messageSchema,
  motivoBodySchema,
  pendingClientSchema,
  pendingEscortSchema,
  uploadResultSchema,
} from '@encanto/core/validation';
import { badRequest, tooLarge } from '../../errors.ts';
import { assertSafeFileName } from '../media/upload-guard.ts';
import { requireAccount, requireAdmin, requireSelf } from '../../plugins/auth.ts';
import * as service from './service.ts';
import type { AccountKind } from './queries.ts';

const errorSchema = z.object({ mensaje: z.string(), code: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const nickParams = z.object({ nick: z.string().min(1).max(60) });
const nicknameParams = z.object({ nickname: z.string().min(1).max(60) });
const idParams = z.object({ id: z.string().min(1).max(40) });
const deleteParams = z.object({ a: z.string().min(1).max(60), b: z.string().min(1).max(100) });
const publicIdParams = z.object({ publicId: z.string().regex(/^[a-f0-9]{32}$/) });

/** Room for multipart boundaries and part headers around the 8 MB file. */
const MULTIPART_OVERHEAD = 16 * 1024;
const uploadLimits = { fileSize: limits.documentMaxBytes, files: 1, fields: 5, parts: 6 };

/** Reads the one uploaded document into memory, never past 8 MB (busboy stops there). */
async function readDocumentUpload(request: FastifyRequest, nick: string): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.documentMaxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(msg.noFileOrNickname);
  let part;
  try {
    // preservePath: see the name as sent, so a name carrying a path is refused (assertSafeFileName).
    part = await request.file({ limits: uploadLimits, preservePath: true });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw badRequest(msg.noFileOrNickname);
  }
  if (!part) throw badRequest(msg.noFileOrNickname);
  assertSafeFileName(part.filename);
  // The form sends nickname before the file; when present it must name the same account as the path.
  const field = part.fields.nickname as { value?: unknown } | undefined;
  if (field && typeof field.value === 'string' && field.value.toLowerCase() !== nick.toLowerCase()) {
    throw badRequest(msg.noFileOrNickname);
  }
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw badRequest(msg.noFileOrNickname);
  }
}

const kinds: { path: 'escort' | 'cliente'; kind: AccountKind }[] = [
  { path: 'escort', kind: 'escort' },
  { path: 'cliente', kind: 'client' },
];

/** Identity documents, the admin's decisions and the account holder's notices. */
export const validationRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: uploadLimits });
  }

  for (const { path, kind } of kinds) {
    app.post(
      `/upload/subir-validacion-${path}/:nick`,
      {
        schema: {
          tags: ['validación'],
          summary: `Sube el documento de identidad (${path}; máx. 8 MB, se re-codifica sin metadatos y se guarda cifrado)`,
          consumes: ['multipart/form-data'],
          params: nickParams,
          response: {
            201: uploadResultSchema,
            ...errors,
            409: errorSchema,
            413: errorSchema,
            415: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const caller = await requireSelf(request, request.params.nick, { kind });
        const bytes = await readDocumentUpload(request, request.params.nick);
        return reply
          .status(201)
          .send(await service.uploadDocument(app, caller, kind, request.params.nick, bytes));
      },
    );

    app.get(
      `/upload/obtener-imagen-validacion-${path}/:nick`,
      {
        schema: {
          tags: ['validación'],
          summary: 'Documento de identidad cargado (dueño mientras está pendiente, o administrador)',
          params: nickParams,
          response: { 200: documentInfoSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return service.documentInfo(app, caller, kind, request.params.nick);
      },
    );

    app.delete(
      `/upload/eliminar-validacion-${path}/:a/:b`,
      {
        schema: {
          tags: ['validación'],
          summary: 'Elimina el documento de identidad propio (a = nickname, b = publicId)',
          params: deleteParams,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const caller = await requireSelf(request, request.params.a, { kind });
        await service.deleteDocument(app, caller, kind, request.params.a, request.params.b);
        return { mensaje: msg.imageDeleted };
      },
    );
  }

  app.get(
    '/upload/documento/:publicId',
    {
      schema: {
        tags: ['validación'],
        summary:
          'Bytes del documento (JPEG), con sesión: dueño mientras está pendiente o administrador; nunca en caché',
        params: publicIdParams,
        // No response schema: the body is raw JPEG bytes (errors still go through the one error handler).
      },
    },
    async (request, reply) => {
      const caller = await requireAccount(request);
      const bytes = await service.readDocument(app, caller, request.params.publicId);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="documento.jpg"')
        .type('image/jpeg')
        .send(bytes);
    },
  );

  // Admin decisions and the account holder's status, per kind: cliente/... and usuario/...
  const adminKinds = [
    {
      prefix: 'cliente',
      kind: 'client' as const,
      reject: 'informa-rechazar-cliente',
      inform: 'informa-autorizado-cliente',
      ok: msg.clientAuthorized,
    },
    {
      prefix: 'usuario',
      kind: 'escort' as const,
      reject: 'informar-rechazo-escort',
      inform: 'informa-autorizado-escort',
      ok: msg.escortAuthorized,
    },
  ];
  for (const k of adminKinds) {
    app.get(
      `/${k.prefix}/pendientes`,
      {
        schema: {
          tags: ['administración'],
          summary: `Cuentas ${k.prefix} pendientes de validación (solo administradores)`,
          response: {
            200: z.array(k.kind === 'client' ? pendingClientSchema : pendingEscortSchema),
            401: errorSchema,
            403: errorSchema,
          },
        },
      },
      async (request, reply) => {
        await requireAdmin(request);
        reply.header('cache-control', 'no-store');
        return k.kind === 'client' ? service.pendingClients(app) : service.pendingEscorts(app);
      },
    );

    app.put(
      `/${k.prefix}/autorizar/:id`,
      {
        schema: {
          tags: ['administración'],
          summary:
            'Autoriza la cuenta (RUT): aprobado, aviso "Cuenta Autorizada", registro de auditoría y correo',
          params: idParams,
          response: {
            200: messageSchema.extend({ autorizado: z.literal('aprobado') }),
            ...errors,
            409: errorSchema,
          },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await service.authorize(app, admin, k.kind, request.params.id);
        return { mensaje: k.ok, autorizado: 'aprobado' as const };
      },
    );

    app.get(
      `/${k.prefix}/autorizado/:id`,
      {
        schema: {
          tags: ['validación'],
          summary: 'Estado de autorización de la cuenta (la propia, o cualquiera para un administrador)',
          params: idParams,
          response: { 200: autorizadoSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return service.autorizadoOf(app, caller, k.kind, request.params.id);
      },
    );

    app.post(
      `/${k.prefix}/${k.reject}/:id`,
      {
        schema: {
          tags: ['administración'],
          summary: 'Rechaza el documento con uno o más motivos (unidos con ", "); la cuenta sigue pendiente',
          params: idParams,
          body: motivoBodySchema,
          response: { 200: messageSchema, ...errors, 409: errorSchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await service.reject(app, admin, k.kind, request.params.id, request.body.motivo);
        return { mensaje: request.body.motivo };
      },
    );

    app.post(
      `/${k.prefix}/${k.inform}/:id`,
      {
        schema: {
          tags: ['administración'],
          summary: 'Envía (de nuevo) el aviso de aprobación a una cuenta ya autorizada',
          params: idParams,
          body: motivoBodySchema,
          response: { 200: messageSchema, ...errors, 409: errorSchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await service.informApproved(app, admin, k.kind, request.params.id, request.body.motivo);
        return { mensaje: request.body.motivo };
      },
    );
  }

  // The client's own notices, by RUT.
  for (const which of ['pendiente', 'aprobado'] as const) {
    app.get(
      `/cliente/alerta-${which}/:id`,
      {
        schema: {
          tags: ['validación'],
          summary: `Aviso de autorización ${which} del propio cliente (lista vacía si no hay)`,
          params: idParams,
          response: { 200: clientNoticesSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return { clientes: await service.notices(app, caller, 'client', { rut: request.params.id }, which) };
      },
    );
    app.get(
      `/escort-alerta-${which}/:nickname`,
      {
        schema: {
          tags: ['validación'],
          summary: `Aviso de autorización ${which} de la propia escort (lista vacía si no hay)`,
          params: nicknameParams,
          response: { 200: escortNoticesSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await requireAccount(request);
        reply.header('cache-control', 'no-store');
        return {
          usuario: await service.notices(app, caller, 'escort', { nickname: request.params.nickname }, which),
        };
      },
    );
  }

  app.post(
    '/cliente/quitar-mensaje-cliente/:id',
    {
      schema: {
        tags: ['validación'],
        summary: 'Quita el aviso ya mostrado al cliente',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      await service.clearNotice(app, caller, 'client', { rut: request.params.id });
      return { mensaje: msg.noticeCleared };
    },
  );

  app.post(
    '/quitar-mensaje-escort/:nickname',
    {
      schema: {
        tags: ['validación'],
        summary: 'Quita el aviso ya mostrado a la escort',
        params: nicknameParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      await service.clearNotice(app, caller, 'escort', { nickname: request.params.nickname });
      return { mensaje: msg.noticeCleared };
    },
  );

  app.get(
    '/admin/auditoria',
    {
      schema: {
        tags: ['administración'],
        summary: 'Registro de decisiones de los administradores, las más recientes primero',
        querystring: z.object({
          limite: z.coerce.number().int().min(1).max(200).default(50),
          antes: z.coerce.number().int().min(1).optional(),
        }),
        response: { 200: z.array(auditEntrySchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return service.auditEntries(app, request.query.limite, request.query.antes);
    },
  );
};
