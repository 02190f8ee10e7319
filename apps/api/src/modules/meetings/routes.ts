import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@encanto/core/messages';
import { acceptResultSchema, meetingStateSchema, requestItemSchema } from '@encanto/core/marketplace';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { BOTH, CLIENT, ESCORT, errors, mensaje, ok, pairRoute, sharedAnswers } from './pair-route.ts';
import {
  acceptRequest,
  cancelRequest,
  disableClick,
  markEvaluated,
  requestMeeting,
  type Pair,
} from './service.ts';
import { meetingState, pendingRequests, requireOwnNickname } from './views.ts';

const nickParam = z.object({ nick: z.string().min(1).max(40) });

/**
 * The spec's two conversation services (appointments: client-initiated, here;
 * conversacion / conversacion-cliente: the escort's side, conversation-routes.ts)
 * as views and transitions of the one `meetings` table. Every call identifies
 * the caller from the session; the body or query names the pair and the
 * caller's own nickname in it must be theirs.
 */
export const meetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const shared = sharedAnswers(app.db);
  // ---- appointments (client-initiated) ----
  const sent = async (pair: Pair) => {
    await requestMeeting(app.db, pair);
    return { mensaje: msg.requestSent };
  };
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/solicitar',
    summary: 'El cliente solicita una cita (solo clientes autorizados; una pendiente por par)',
    allowed: CLIENT,
    response: mensaje,
    run: sent,
    status: 201,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/reutilizar-estado',
    summary: 'El cliente vuelve a solicitar una cita al mismo perfil',
    allowed: CLIENT,
    response: mensaje,
    run: sent,
    status: 201,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/cerrar-cliente',
    summary: 'El cliente cancela su solicitud pendiente',
    allowed: CLIENT,
    response: mensaje,
    run: async (pair) => {
      await cancelRequest(app.db, pair);
      return { mensaje: msg.requestCancelled };
    },
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/cerrar',
    summary: 'Cualquiera de los dos cierra la cita abierta',
    allowed: BOTH,
    response: mensaje,
    run: shared.close,
  });
  const accept = (pair: Pair) => acceptRequest(app.db, pair);
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/aceptar',
    summary: 'La escort acepta la solicitud pendiente (devuelve el token de conversación)',
    allowed: ESCORT,
    response: acceptResultSchema,
    run: accept,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/rechazar',
    summary: 'La escort rechaza la solicitud pendiente',
    allowed: ESCORT,
    response: mensaje,
    run: shared.reject,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/existe',
    summary: '¿Hay una solicitud pendiente entre ambos?',
    allowed: BOTH,
    response: z.object({ existe: z.boolean() }),
    run: async (pair) => ({
      existe: (await meetingState(app.db, pair)).pendiente,
    }),
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/verificar-acceso',
    summary: '¿El cliente tiene acceso para comentar?',
    allowed: BOTH,
    response: z.object({ acceso: z.boolean() }),
    run: async (pair) => ({
      acceso: (await meetingState(app.db, pair)).acceso,
    }),
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/estado-comentado',
    summary: '¿El cliente comentó y aún no califica?',
    allowed: BOTH,
    response: z.object({ comentado: z.boolean() }),
    run: shared.commented,
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/click-activo',
    summary: '¿El cliente puede marcar un "No Me Gusta"?',
    allowed: BOTH,
    response: z.object({ click: z.boolean() }),
    run: shared.click,
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/estado',
    summary: 'Estado completo del par para una consulta periódica',
    allowed: BOTH,
    response: meetingStateSchema,
    run: (pair) => meetingState(app.db, pair),
  });
  pairRoute(app, {
    method: 'PUT',
    url: '/appointments/marcar-evaluado',
    summary: 'Marca la cita como evaluada por quien llama',
    allowed: BOTH,
    response: ok,
    run: async (pair) => {
      await markEvaluated(app.db, pair, { close: true });
      return { ok: true as const };
    },
  });
  pairRoute(app, {
    method: 'PUT',
    url: '/appointments/desactivar-click',
    summary: 'Apaga el "No Me Gusta" del cliente con este perfil',
    allowed: CLIENT,
    response: ok,
    run: async (pair) => {
      await disableClick(app.db, pair);
      return { ok: true as const };
    },
  });

  app.get(
    '/appointments/pendientes/:nick',
    {
      schema: {
        security: sessionSecurity,
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

  await app.register(conversationRoutes);
};
