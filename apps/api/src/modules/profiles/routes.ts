import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import { estadoValues } from '@encanto/core/constants';
import {
  citySchema,
  clientUpdateSchema,
  escortUpdateSchema,
  escortUrlSchema,
  estadoSchema,
  ownFilesSchema,
} from '@encanto/core/profiles';
import { msg } from '@encanto/core/messages';
import { depsOf } from '../../deps.ts';
import { requireSelf, sessionSecurity } from '../../plugins/auth.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import {
  changeCity,
  changeEstado,
  ownFiles,
  updateClientData,
  updateEscortData,
  updateEscortUrl,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
/** Routes that take a photo link also answer why its picture could not be used (too large, not an image). */
const photoErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const okSchema = z.object({ mensaje: z.string() });
const idParams = z.object({ id: z.string().min(1).max(40) });
/** Own-profile changes of escorts (usuario) and clients (cliente); every call is the owner's only. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  app.put(
    '/usuario/modificar',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['perfil'],
        summary:
          'La escort actualiza nombre para mostrar, teléfono, foto (url), medidas, leyenda y, si los envía, sus detalles (tarifa, servicios, dónde atiende, horario, idiomas)',
        body: escortUpdateSchema,
        response: { 200: okSchema, ...photoErrors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { rut: request.body.rut_usuario }, { kind: 'escort' });
      await updateEscortData(deps, caller, request.body);
      return { mensaje: msg.dataUpdated };
    },
  );

  app.put(
    '/usuario/modificar-url',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['perfil'],
        summary:
          'La escort da su foto de perfil como enlace http(s): el servidor la descarga una vez y la guarda como una subida',
        body: escortUrlSchema,
        response: { 200: okSchema.extend({ url: z.string() }), ...photoErrors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { nickname: request.body.nickname }, { kind: 'escort' });
      const url = await updateEscortUrl(deps, caller, request.body.url);
      return { mensaje: msg.dataUpdated, url };
    },
  );

  app.put(
    '/usuario/estado/:id',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['perfil'],
        summary: 'La escort cambia su estado: disponible o inactiva (id = RUT)',
        params: idParams,
        body: estadoSchema,
        response: { 200: okSchema.extend({ estado: z.enum(estadoValues) }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { rut: request.params.id }, { kind: 'escort' });
      const estado = await changeEstado(app.db, caller, request.body.estado, app.services.clock.now());
      return { mensaje: msg.statusUpdated(estado), estado };
    },
  );

  app.put(
    '/usuario/ciudad/:id',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags: ['perfil'],
        summary: 'La escort cambia su ciudad a una comuna del catálogo (id = RUT)',
        params: idParams,
        body: citySchema,
        response: { 200: z.object({ msg: z.string(), mensaje: z.string(), ciudad: z.string() }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { rut: request.params.id }, { kind: 'escort' });
      const ciudad = await changeCity(app.db, caller, request.body.ciudad, app.services.clock.now());
      // The spec's screen reads the server's `msg` field.
      return { msg: msg.cityUpdated(ciudad), mensaje: msg.cityUpdated(ciudad), ciudad };
    },
  );

  app.get(
    '/usuario/archivos/:nickname',
    {
      schema: {
        security: sessionSecurity,
        tags: ['perfil'],
        summary: 'Archivos (foto de perfil y galería) de la propia escort',
        params: z.object({ nickname: z.string().min(1).max(40) }),
        response: { 200: ownFilesSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { nickname: request.params.nickname }, { kind: 'escort' });
      return { files: await ownFiles(app.db, caller) };
    },
  );

  app.put(
    '/cliente/modificar',
    {
      schema: {
        security: sessionSecurity,
        tags: ['perfil'],
        summary: 'El cliente actualiza su teléfono y su imagen (un enlace se descarga y se guarda)',
        body: clientUpdateSchema,
        response: { 200: okSchema, ...photoErrors },
      },
    },
    async (request) => {
      const caller = await requireSelf(request, { rut: request.body.rut_cliente }, { kind: 'client' });
      await updateClientData(deps, caller, request.body);
      return { mensaje: msg.dataUpdated };
    },
  );
};
