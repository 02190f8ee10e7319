import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@encanto/core/messages';
import {
  acceptResultSchema,
  clientCardSchema,
  meetingPairSchema,
  meetingStateSchema,
  requestItemSchema,
  type MeetingPair,
} from '@encanto/core/marketplace';
import { notFound } from '../../errors.ts';
import { requireAccount } from '../../plugins/auth.ts';
import {
  acceptRequest,
  cancelRequest,
  clientCard,
  clientsToRate,
  closeMeeting,
  disableClick,
  dismissClient,
  markEvaluated,
  meetingState,
  openMeetingExists,
  pendingRequests,
  rejectRequest,
  requestMeeting,
  requireOwnNickname,
  resolvePair,
  type Pair,
  type Side,
} from './service.ts';

const error = z.object({ mensaje: z.string(), code: z.string() });
const errors = { 401: error, 403: error, 404: error, 409: error };
const mensaje = z.object({ mensaje: z.string() });
const ok = z.object({ ok: z.literal(true) });
const nickParam = z.object({ nick: z.string().min(1).max(40) });
const nicknameParam = z.object({ nickname: z.string().min(1).max(40) });
const BOTH: readonly Side[] = ['client', 'escort'];
const CLIENT: readonly Side[] = ['client'];
const ESCORT: readonly Side[] = ['escort'];

/**
 * The spec's two conversation services (appointments: client-initiated;
 * conversacion / conversacion-cliente: the escort's side) as views and
 * transitions of the one `meetings` table. Every call identifies the caller
 * from the session; the body or query names the pair and the caller's own
 * nickname in it must be theirs.
 */
export const meetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const pairOf = async (request: FastifyRequest, input: MeetingPair, allowed: readonly Side[]) =>
    resolvePair(app.db, await requireAccount(request), input, allowed);

  /** One route whose input is the pair, in the body (POST/PUT) or the query (GET). */
  function pairRoute<R extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    summary: string,
    allowed: readonly Side[],
    response: R,
    run: (pair: Pair) => Promise<z.infer<R>>,
    status = 200,
  ) {
    const tags = [url.split('/')[1] ?? 'citas'];
    const input = method === 'GET' ? { querystring: meetingPairSchema } : { body: meetingPairSchema };
    app.route({
      method,
      url,
      schema: { tags, summary, ...input, response: { [status]: response, ...errors } },
      handler: async (request, reply) => {
        const source = (method === 'GET' ? request.query : request.body) as MeetingPair;
        const result = await run(await pairOf(request, source, allowed));
        return reply.status(status).send(result as never);
      },
    });
  }

  // ---- appointments (client-initiated) ----
  const sent = async (pair: Pair) => {
    await requestMeeting(app.db, pair);
    return { mensaje: msg.requestSent };
  };
  pairRoute(
    'POST',
    '/appointments/solicitar',
    'El cliente solicita una cita (solo clientes autorizados; una pendiente por par)',
    CLIENT,
    mensaje,
    sent,
    201,
  );
  pairRoute(
    'POST',
    '/appointments/reutilizar-estado',
    'El cliente vuelve a solicitar una cita al mismo perfil',
    CLIENT,
    mensaje,
    sent,
    201,
  );
  pairRoute(
    'POST',
    '/appointments/cerrar-cliente',
    'El cliente cancela su solicitud pendiente',
    CLIENT,
    mensaje,
    async (pair) => {
      await cancelRequest(app.db, pair);
      return { mensaje: msg.requestCancelled };
    },
  );
  const close = async (pair: Pair) => {
    await closeMeeting(app.db, pair);
    return { mensaje: msg.conversationClosed };
  };
  pairRoute(
    'POST',
    '/appointments/cerrar',
    'Cualquiera de los dos cierra la cita abierta',
    BOTH,
    mensaje,
    close,
  );
  const accept = (pair: Pair) => acceptRequest(app.db, pair);
  const acceptOrRefresh = (pair: Pair) => acceptRequest(app.db, pair, { orCurrent: true });
  pairRoute(
    'POST',
    '/appointments/aceptar',
    'La escort acepta la solicitud pendiente (devuelve el token de conversación)',
    ESCORT,
    acceptResultSchema,
    accept,
  );
  const reject = async (pair: Pair) => {
    await rejectRequest(app.db, pair);
    return { mensaje: msg.conversationRejected };
  };
  pairRoute(
    'POST',
    '/appointments/rechazar',
    'La escort rechaza la solicitud pendiente',
    ESCORT,
    mensaje,
    reject,
  );
  pairRoute(
    'POST',
    '/appointments/existe',
    '¿Hay una solicitud pendiente entre ambos?',
    BOTH,
    z.object({ existe: z.boolean() }),
    async (pair) => ({
      existe: (await meetingState(app.db, pair)).pendiente,
    }),
  );
  pairRoute(
    'GET',
    '/appointments/verificar-acceso',
    '¿El cliente tiene acceso para comentar?',
    BOTH,
    z.object({ acceso: z.boolean() }),
    async (pair) => ({
      acceso: (await meetingState(app.db, pair)).acceso,
    }),
  );
  const commented = async (pair: Pair) => ({ comentado: (await meetingState(app.db, pair)).comentado });
  pairRoute(
    'GET',
    '/appointments/estado-comentado',
    '¿El cliente comentó y aún no califica?',
    BOTH,
    z.object({ comentado: z.boolean() }),
    commented,
  );
  const click = async (pair: Pair) => ({ click: (await meetingState(app.db, pair)).click });
  pairRoute(
    'GET',
    '/appointments/click-activo',
    '¿El cliente puede marcar un "No Me Gusta"?',
    BOTH,
    z.object({ click: z.boolean() }),
    click,
  );
  pairRoute(
    'GET',
    '/appointments/estado',
    'Estado completo del par para una consulta periódica',
    BOTH,
    meetingStateSchema,
    (pair) => meetingState(app.db, pair),
  );
  pairRoute(
    'PUT',
    '/appointments/marcar-evaluado',
    'Marca la cita como evaluada por quien llama',
    BOTH,
    ok,
    async (pair) => {
      await markEvaluated(app.db, pair, { close: true });
      return { ok: true as const };
    },
  );
  pairRoute(
    'PUT',
    '/appointments/desactivar-click',
    'Apaga el "No Me Gusta" del cliente con este perfil',
    CLIENT,
    ok,
    async (pair) => {
      await disableClick(app.db, pair);
      return { ok: true as const };
    },
  );

  app.get(
    '/appointments/pendientes/:nick',
    {
      schema: {
        tags: ['appointments'],
        summary: 'Solicitudes pendientes de la escort con sesión',
        params: nickParam,
        response: { 200: z.object({ solicitudes: z.array(requestItemSchema) }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      requireOwnNickname(caller, request.params.nick, 'escort');
      return { solicitudes: await pendingRequests(app.db, caller.id) };
    },
  );

  // ---- conversacion (escort side) ----
  for (const method of ['POST', 'PUT'] as const) {
    pairRoute(
      method,
      '/conversacion/aceptar',
      'La escort acepta (o renueva el token de una cita ya aceptada)',
      ESCORT,
      acceptResultSchema,
      acceptOrRefresh,
    );
    pairRoute(
      method,
      '/conversacion/rechazar',
      'La escort rechaza la solicitud pendiente',
      ESCORT,
      mensaje,
      reject,
    );
  }
  pairRoute(
    'POST',
    '/conversacion/existe',
    '¿Hay una cita abierta (pendiente o aceptada)?',
    BOTH,
    z.object({ existe: z.boolean() }),
    async (pair) => ({
      existe: await openMeetingExists(app.db, pair),
    }),
  );

  // ---- conversacion-cliente (escort-initiated calls on the client's record) ----
  pairRoute(
    'POST',
    '/conversacion-cliente/crear',
    'Abre el registro del cliente: existe mientras haya una cita abierta',
    ESCORT,
    mensaje,
    async (pair) => {
      if (!(await openMeetingExists(app.db, pair))) throw notFound(msg.meetingNotFound);
      return { mensaje: msg.conversationUpdated };
    },
  );
  pairRoute(
    'PUT',
    '/conversacion-cliente/aceptar',
    'La escort acepta la solicitud del cliente',
    ESCORT,
    acceptResultSchema,
    acceptOrRefresh,
  );
  pairRoute(
    'PUT',
    '/conversacion-cliente/cerrar',
    'Cualquiera de los dos cierra la cita abierta',
    BOTH,
    mensaje,
    close,
  );
  pairRoute(
    'PUT',
    '/conversacion-cliente/evaluar',
    'La escort marca al cliente como evaluado',
    ESCORT,
    ok,
    async (pair) => {
      await markEvaluated(app.db, pair);
      return { ok: true as const };
    },
  );
  pairRoute(
    'GET',
    '/conversacion-cliente/estado-comentado',
    '¿El cliente comentó y aún no califica?',
    BOTH,
    z.object({ comentado: z.boolean() }),
    commented,
  );
  pairRoute(
    'GET',
    '/conversacion-cliente/click',
    '¿El cliente puede marcar un "No Me Gusta"?',
    BOTH,
    z.object({ click: z.boolean() }),
    click,
  );
  pairRoute(
    'POST',
    '/conversacion-cliente/cerrar-usuario',
    'La escort cierra y descarta al cliente de "pendientes por calificar" (Ignorar)',
    ESCORT,
    mensaje,
    async (pair) => {
      await dismissClient(app.db, pair);
      return { mensaje: msg.conversationClosed };
    },
  );
  pairRoute(
    'POST',
    '/conversacion-cliente/existe-cliente',
    '¿Hay una cita abierta (pendiente o aceptada)?',
    BOTH,
    z.object({ existe: z.boolean() }),
    async (pair) => ({
      existe: await openMeetingExists(app.db, pair),
    }),
  );
  pairRoute(
    'POST',
    '/conversacion-cliente/reutilizar-estado-cliente',
    'La escort acepta de nuevo (o renueva el token)',
    ESCORT,
    acceptResultSchema,
    acceptOrRefresh,
  );
  pairRoute(
    'POST',
    '/conversacion-cliente/crear-o-actualizar',
    'Aceptar en un paso: acepta la solicitud o renueva la cita aceptada',
    ESCORT,
    acceptResultSchema,
    acceptOrRefresh,
  );

  app.get(
    '/conversacion-cliente/solicitudes/:nickname',
    {
      schema: {
        tags: ['conversacion-cliente'],
        summary: 'Nicknames de los clientes con solicitud pendiente para la escort con sesión',
        params: nicknameParam,
        response: { 200: z.object({ solicitudes: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      requireOwnNickname(caller, request.params.nickname, 'escort');
      return { solicitudes: (await pendingRequests(app.db, caller.id)).map((r) => r.nickname_cliente) };
    },
  );

  app.get(
    '/conversacion-cliente/aceptados/:nickname',
    {
      schema: {
        tags: ['conversacion-cliente'],
        summary: 'Clientes aceptados que la escort aún no califica (PENDIENTES POR CALIFICAR)',
        params: nicknameParam,
        response: { 200: z.object({ clientes: z.array(requestItemSchema) }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      requireOwnNickname(caller, request.params.nickname, 'escort');
      return { clientes: await clientsToRate(app.db, caller.id) };
    },
  );

  app.get(
    '/conversacion-cliente/perfil/:nickname',
    {
      schema: {
        tags: ['conversacion-cliente'],
        summary: 'Ficha del cliente para una escort que tiene o tuvo una cita con él',
        params: nicknameParam,
        response: { 200: clientCardSchema, ...errors },
      },
    },
    async (request) => clientCard(app.db, await requireAccount(request), request.params.nickname),
  );
};
