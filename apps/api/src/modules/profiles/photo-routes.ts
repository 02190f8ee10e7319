import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { profileImageSchema, uploadResultSchema } from '@encanto/core/profiles';
import { depsOf } from '../../deps.ts';
import { badRequest, tooLarge } from '../../errors.ts';
import { requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { readSingleFile } from '../../plugins/uploads.ts';
import type { SessionAccount } from '../sessions/service.ts';
import {
  clearProfileImage,
  deleteProfilePhoto,
  getProfileImage,
  replaceProfilePhoto,
  uploadProfilePhoto,
} from './photo-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const nickParams = z.object({ nick: z.string().min(1).max(40) });
const deleteParams = z.object({ a: z.string().min(1).max(40), b: z.string().min(1).max(64) });
const kinds = [
  { path: 'escort', kind: 'escort' },
  { path: 'cliente', kind: 'client' },
] as const;

/** The spec's multipart form: a file under 'file' and the nickname, in either order. */
const noFile = () => badRequest(msg.noFileOrNickname, undefined, 'NO_FILE');
const upload = {
  maxBytes: limits.profilePhotoMaxBytes,
  fileField: 'file',
  tooLarge: () => tooLarge(),
  invalid: noFile,
};

/** The path's nickname must be the caller's own account of that kind (401 without a session, 403 otherwise). */
const owner = (request: FastifyRequest, nick: string, kind: SessionAccount['kind']) =>
  requireSelf(request, { nickname: nick }, { kind });

/** Profile photos of escorts and clients under /upload, as the spec names them. */
export const profilePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  for (const { path, kind } of kinds) {
    app.get(
      `/upload/obtener-imagen-perfil-${path}/:nick`,
      {
        schema: {
          security: sessionSecurity,
          tags: ['fotos'],
          summary: `Foto de perfil actual (${path}): imageUrl y publicId`,
          params: nickParams,
          response: { 200: profileImageSchema, ...errors },
        },
      },
      async (request) => getProfileImage(app.db, await owner(request, request.params.nick, kind)),
    );

    app.post(
      `/upload/subir-perfil-${path}/:nick`,
      {
        config: publicWrite,
        schema: {
          security: sessionSecurity,
          tags: ['fotos'],
          summary: `Sube la foto de perfil (${path}): multipart con file y nickname; 409 si ya hay una`,
          consumes: ['multipart/form-data'],
          params: nickParams,
          response: { 201: uploadResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await owner(request, request.params.nick, kind);
        const { file, fields } = await readSingleFile(request, upload);
        const nickname = fields.nickname?.trim();
        if (!nickname) throw noFile();
        if (nickname.toLowerCase() !== caller.nickname.toLowerCase()) await owner(request, nickname, kind);
        const result = await uploadProfilePhoto(deps, caller, file);
        return reply.status(201).send(result);
      },
    );

    app.put(
      `/upload/reemplazar-perfil-${path}/:nick`,
      {
        config: publicWrite,
        schema: {
          security: sessionSecurity,
          tags: ['fotos'],
          summary: `Reemplaza la foto de perfil (${path}) en un paso: guarda la nueva, la muestra y luego borra la anterior`,
          consumes: ['multipart/form-data'],
          params: nickParams,
          response: { 200: uploadResultSchema, ...errors },
        },
      },
      async (request) => {
        const caller = await owner(request, request.params.nick, kind);
        const { file } = await readSingleFile(request, upload);
        return replaceProfilePhoto(deps, caller, file);
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
        config: publicWrite,
        schema: {
          security: sessionSecurity,
          tags: ['fotos'],
          summary: 'Elimina la foto de perfil guardada (a = nickname, b = publicId) y todas sus variantes',
          params: deleteParams,
          response: { 200: z.object({ mensaje: z.string() }), ...errors },
        },
      },
      async (request) => {
        const caller = await owner(request, request.params.a, kind);
        await deleteProfilePhoto(deps, caller, request.params.b);
        return { mensaje: msg.imageDeleted };
      },
    );
  }

  app.delete(
    '/upload/eliminar-imagen-registro/:x',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['fotos'],
        summary:
          'Quita la imagen de perfil propia, guardada o URL externa (x = nickname), y vuelve al avatar',
        params: z.object({ x: z.string().min(1).max(40) }),
        response: { 200: z.object({ mensaje: z.string() }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { nickname: request.params.x });
      if (caller.kind === 'admin') throw badRequest(msg.nicknameOrUrlMissing);
      await clearProfileImage(deps, caller);
      return { mensaje: msg.imageDeleted };
    },
  );
};
