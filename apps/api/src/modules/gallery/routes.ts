import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  galleryListSchema,
  galleryOrderSchema,
  galleryUploadResultSchema,
  messageSchema,
} from '@encanto/core/gallery';
import { depsOf } from '../../deps.ts';
import { badRequest, tooLarge } from '../../errors.ts';
import { requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { readSingleFile } from '../../plugins/uploads.ts';
import { sendCached } from '../../lib/send-cached.ts';
import {
  addGalleryItem,
  assertGalleryRoom,
  ownGallery,
  publicGallery,
  removeGalleryItem,
  reorderGallery,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const nickParams = z.object({ nick: z.string().min(1).max(60) });
const deleteParams = z.object({ a: z.string().min(1).max(60), b: z.string().min(1).max(100) });
// Read up to the video limit; an image over its own 2 MB is refused by the service once the type is known.
const upload = {
  maxBytes: limits.galleryVideoMaxBytes,
  tooLarge: () => tooLarge(msg.galleryVideoTooLarge),
  invalid: () => badRequest(msg.fileAndNicknameRequired),
};

/** The escort's photo and video gallery (upload/...). Every write needs the owner's session. */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.post(
    '/upload/subir-imagenes/:nick',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['galería'],
        summary: 'Sube una imagen (máx. 2 MB) o un video mp4 (máx. 25 MB) a la galería propia; 15 por escort',
        consumes: ['multipart/form-data'],
        params: nickParams,
        response: { 201: galleryUploadResultSchema, ...errors, ...errorResponses(409, 413, 415) },
      },
    },
    async (request, reply) => {
      const account = await requireSelf(request, { nickname: request.params.nick }, { kind: 'escort' });
      await assertGalleryRoom(app.db, account.id);
      const { file } = await readSingleFile(request, upload);
      const result = await addGalleryItem(deps, account.id, file);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/upload/obtener-imagenes-por-usuario/:nick',
    {
      schema: {
        security: sessionSecurity,
        tags: ['galería'],
        summary: 'Galería propia (solo la dueña)',
        params: nickParams,
        response: { 200: galleryListSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireSelf(request, { nickname: request.params.nick }, { kind: 'escort' });
      return { imagenes: await ownGallery(app.db, account.id) };
    },
  );

  app.put(
    '/upload/orden/:nick',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['galería'],
        summary: 'Ordena la galería propia: orden = todos sus publicId; el primero es la portada',
        params: nickParams,
        body: galleryOrderSchema,
        response: { 200: galleryListSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireSelf(request, { nickname: request.params.nick }, { kind: 'escort' });
      return { imagenes: await reorderGallery(app.db, account.id, request.body.orden) };
    },
  );

  app.get(
    '/upload/escort-imagenes/:nick',
    {
      schema: {
        tags: ['galería'],
        summary: 'Galería pública de una escort aprobada y visible',
        params: nickParams,
        response: { 200: galleryListSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, `galeria:${request.params.nick.toLowerCase()}`, async () => ({
        imagenes: await publicGallery(app.db, request.params.nick),
      })),
  );

  app.delete(
    '/upload/eliminar-perfil-usuario/:a/:b',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['galería'],
        summary: 'Elimina una imagen de la galería propia y sus variantes',
        params: deleteParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireSelf(request, { nickname: request.params.a }, { kind: 'escort' });
      await removeGalleryItem(deps, account.id, request.params.b, 'image');
      return { mensaje: msg.imageDeleted };
    },
  );

  app.delete(
    '/upload/eliminar-video/:a/:b',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['galería'],
        summary: 'Elimina un video de la galería propia',
        params: deleteParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireSelf(request, { nickname: request.params.a }, { kind: 'escort' });
      await removeGalleryItem(deps, account.id, request.params.b, 'video');
      return { mensaje: msg.videoDeleted };
    },
  );
};
