import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { profileImageSchema, uploadResultSchema } from '@encanto/core/profiles';
import { requireSelf } from '../../plugins/auth.ts';
import { AppError, badRequest, tooLarge } from '../../errors.ts';
import { assertSafeFileName } from '../media/upload-guard.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  clearProfileImage,
  deleteProfilePhoto,
  getProfileImage,
  uploadProfilePhoto,
} from './photo-service.ts';

const errorSchema = z.object({ mensaje: z.string(), code: z.string() });
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};
const nickParams = z.object({ nick: z.string().min(1).max(40) });
const deleteParams = z.object({ a: z.string().min(1).max(40), b: z.string().min(1).max(64) });
const security = [{ bearer: [] }];

const kinds = [
  { path: 'escort', kind: 'escort' },
  { path: 'cliente', kind: 'client' },
] as const;

/**
 * Reads the spec's multipart form (a file and the nickname) into memory, up to
 * the profile-photo limit. Fields may come before or after the file.
 */
async function readUpload(request: FastifyRequest): Promise<{ file?: Buffer; nickname?: string }> {
  if (!request.isMultipart()) throw badRequest(msg.noFileOrNickname, undefined, 'NO_FILE');
  const out: { file?: Buffer; nickname?: string } = {};
  try {
    // preservePath: see the name as sent, so a name carrying a path is refused (assertSafeFileName).
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'file') {
        assertSafeFileName(part.filename);
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !out.file) out.file = bytes;
      } else if (part.fieldname === 'nickname' && typeof part.value === 'string') {
        out.nickname = part.value.trim();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw badRequest(msg.noFileOrNickname, undefined, 'NO_FILE');
  }
  return out;
}

/** The path's nickname must be the caller's own account of that kind (401 without a session, 403 otherwise). */
const owner = (request: FastifyRequest, nick: string, kind: SessionAccount['kind']) =>
  requireSelf(request, nick, { kind });

/** Profile photos of escorts and clients under /upload, as the spec names them. */
export const profilePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: limits.profilePhotoMaxBytes, files: 1, fields: 4, parts: 6, fieldSize: 200 },
  });

  for (const { path, kind } of kinds) {
    app.get(
      `/upload/obtener-imagen-perfil-${path}/:nick`,
      {
        schema: {
          tags: ['fotos'],
          summary: `Foto de perfil actual (${path}): imageUrl y publicId`,
          security,
          params: nickParams,
          response: { 200: profileImageSchema, ...errors },
        },
      },
      async (request) => getProfileImage(app, await owner(request, request.params.nick, kind)),
    );

    app.post(
      `/upload/subir-perfil-${path}/:nick`,
      {
        schema: {
          tags: ['fotos'],
          summary: `Sube la foto de perfil (${path}): multipart con file y nickname; 409 si ya hay una`,
          security,
          consumes: ['multipart/form-data'],
          params: nickParams,
          response: { 201: uploadResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await owner(request, request.params.nick, kind);
        const { file, nickname } = await readUpload(request);
        if (!file || !nickname) throw badRequest(msg.noFileOrNickname, undefined, 'NO_FILE');
        if (nickname.toLowerCase() !== caller.nickname.toLowerCase()) await owner(request, nickname, kind);
        const result = await uploadProfilePhoto(app, caller, file);
        return reply.status(201).send(result);
      },
    );
  }

  // eliminar-perfil-usuario belongs to the gallery (a gallery item), so it is not an alias here.
  for (const [path, kind] of [
    ['eliminar-perfil-escort', 'escort'],
    ['eliminar-perfil-cliente', 'client'],
  ] as const) {
    app.delete(
      `/upload/${path}/:a/:b`,
      {
        schema: {
          tags: ['fotos'],
          summary: 'Elimina la foto de perfil guardada (a = nickname, b = publicId) y todas sus variantes',
          security,
          params: deleteParams,
          response: { 200: z.object({ mensaje: z.string() }), ...errors },
        },
      },
      async (request) => {
        const caller = await owner(request, request.params.a, kind);
        await deleteProfilePhoto(app, caller, request.params.b);
        return { mensaje: msg.imageDeleted };
      },
    );
  }

  app.delete(
    '/upload/eliminar-imagen-registro/:x',
    {
      schema: {
        tags: ['fotos'],
        summary:
          'Quita la imagen de perfil propia, guardada o URL externa (x = nickname), y vuelve al avatar',
        security,
        params: z.object({ x: z.string().min(1).max(40) }),
        response: { 200: z.object({ mensaje: z.string() }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, request.params.x);
      if (caller.kind === 'admin') throw badRequest(msg.nicknameOrUrlMissing);
      await clearProfileImage(app, caller);
      return { mensaje: msg.imageDeleted };
    },
  );
};
