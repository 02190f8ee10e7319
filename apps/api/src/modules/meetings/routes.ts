import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@encanto/core/messages';
import { meetingStateSchema, requestItemSchema } from '@encanto/core/marketplace';
import { meetingRequestSchema, proposalSchema, rejectBodySchema } from '@encanto/core/meetings';
import { depsOf } from '../../deps.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import {
  acceptAnswer,
  BOTH,
  CLIENT,
  ESCORT,
  errors,
  mensaje,
  mensajeCita,
  ok,
  pairRoute,
  sharedAnswers,
} from './pair-route.ts';
import type { Pair } from './service.ts';
import {
  acceptProposal,
  acceptRequest,
  cancelRequest,
  disableClick,
  markEvaluated,
  proposeTime,
  requestMeeting,
} from './transitions.ts';
import { meetingState, pendingRequests, requireOwnNickname } from './views.ts';

const nickParam = z.object({ nick: z.string().min(1).max(40) });

/**
 * The spec's two conversation services (appointments: client-initiated, here;
 * conversacion / conversacion-cliente: the escort's side, conversation-routes.ts)
 * as views and transitions of the one `meetings` table, plus the meeting pages
 * (citas-routes.ts). Every call identifies the caller from the session; the
 * body or query names the pair and the caller's own nickname in it must be theirs.
 */
export const meetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const now = () => deps.clock.now();
  const shared = sharedAnswers(deps);
  // ---- appointments (client-initiated) ----
  for (const url of ['/appointments/solicitar', '/appointments/reutilizar-estado']) {
    pairRoute(app, {
      method: 'POST',
      url,
      summary:
        'El cliente solicita una cita con fecha y hora, duración, lugar y un mensaje opcional (solo clientes autorizados; una pendiente por par)',
      allowed: CLIENT,
      input: meetingRequestSchema(now),
      response: mensajeCita,
      status: 201,
      run: async (pair, body) => ({ mensaje: msg.requestSent, cita: await requestMeeting(deps, pair, body) }),
    });
  }
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/cerrar-cliente',
    summary: 'El cliente cancela su solicitud pendiente (con o sin propuesta de otra hora)',
    allowed: CLIENT,
    response: mensaje,
    run: async (pair) => {
      await cancelRequest(deps, pair);
      return { mensaje: msg.requestCancelled };
    },
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/cerrar',
    summary: 'Cualquiera de los dos cierra la cita abierta (termina la conversación, no las calificaciones)',
    allowed: BOTH,
    response: mensaje,
    run: shared.close,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/aceptar',
    summary: 'La escort acepta la solicitud pendiente (devuelve el token de conversación)',
    allowed: ESCORT,
    response: acceptAnswer,
    run: (pair: Pair) => acceptRequest(deps, pair),
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/rechazar',
    summary: 'La escort rechaza la solicitud pendiente, con un motivo opcional que el cliente lee',
    allowed: ESCORT,
    input: rejectBodySchema,
    response: mensaje,
    run: shared.reject,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/proponer',
    summary: 'La escort propone otra fecha y hora para la solicitud pendiente',
    allowed: ESCORT,
    input: proposalSchema(now),
    response: mensajeCita,
    run: async (pair, body) => ({
      mensaje: msg.proposalSent,
      cita: await proposeTime(deps, pair, body.fecha_hora),
    }),
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/aceptar-propuesta',
    summary: 'El cliente acepta la hora propuesta por la escort: la cita queda aceptada',
    allowed: CLIENT,
    response: mensajeCita,
    run: async (pair) => ({ mensaje: msg.proposalAccepted, cita: await acceptProposal(deps, pair) }),
  });
  pairRoute(app, {
    method: 'POST',
    url: '/appointments/existe',
    summary: '¿Hay una solicitud pendiente entre ambos?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ existe: z.boolean() }),
    run: async (pair) => ({ existe: (await meetingState(deps, pair)).pendiente }),
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/verificar-acceso',
    summary: '¿El cliente puede comentar (cita aceptada, dentro del plazo, sin comentario)?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ acceso: z.boolean() }),
    run: async (pair) => ({ acceso: (await meetingState(deps, pair)).acceso }),
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/estado-comentado',
    summary: '¿El cliente comentó y aún no califica?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ comentado: z.boolean() }),
    run: shared.commented,
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/click-activo',
    summary: '¿El cliente puede marcar "No Me Gusta" en los comentarios de este perfil?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ click: z.boolean() }),
    run: shared.click,
  });
  pairRoute(app, {
    method: 'GET',
    url: '/appointments/estado',
    summary: 'Estado completo del par para una consulta periódica',
    allowed: BOTH,
    lookup: true,
    response: meetingStateSchema,
    run: (pair) => meetingState(deps, pair),
  });
  pairRoute(app, {
    method: 'PUT',
    url: '/appointments/marcar-evaluado',
    summary: 'Quien llama da por evaluada su última cita calificable (no cierra nada)',
    allowed: BOTH,
    response: ok,
    run: async (pair) => {
      await markEvaluated(deps, pair);
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
      await disableClick(deps, pair);
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
};
