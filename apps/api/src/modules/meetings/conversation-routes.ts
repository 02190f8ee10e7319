import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@encanto/core/messages';
import { clientCardSchema, requestItemSchema } from '@encanto/core/marketplace';
import { rejectBodySchema } from '@encanto/core/meetings';
import { depsOf } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { requireAccount, sessionSecurity } from '../../plugins/auth.ts';
import { acceptAnswer, BOTH, ESCORT, errors, mensaje, ok, pairRoute, sharedAnswers } from './pair-route.ts';
import { dismissClient, markEvaluated } from './transitions.ts';
import {
  clientCard,
  clientsToRate,
  openMeetingExists,
  pendingRequests,
  requireOwnNickname,
} from './views.ts';

const nicknameParam = z.object({ nickname: z.string().min(1).max(40) });

/** The escort's side of the spec: conversacion and conversacion-cliente, over the same meetings. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const shared = sharedAnswers(deps);

  // ---- conversacion (escort side) ----
  for (const method of ['POST', 'PUT'] as const) {
    pairRoute(app, {
      method,
      url: '/conversacion/aceptar',
      summary: 'La escort acepta (o renueva el token de una cita ya aceptada)',
      allowed: ESCORT,
      response: acceptAnswer,
      run: shared.acceptOrRefresh,
    });
    pairRoute(app, {
      method,
      url: '/conversacion/rechazar',
      summary: 'La escort rechaza la solicitud pendiente (motivo opcional)',
      allowed: ESCORT,
      input: rejectBodySchema,
      response: mensaje,
      run: shared.reject,
    });
  }
  pairRoute(app, {
    method: 'POST',
    url: '/conversacion/existe',
    summary: '¿Hay una cita abierta (pendiente o aceptada)?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ existe: z.boolean() }),
    run: shared.exists,
  });

  // ---- conversacion-cliente (escort-initiated calls on the client's record) ----
  pairRoute(app, {
    method: 'POST',
    url: '/conversacion-cliente/crear',
    summary: 'Abre el registro del cliente: existe mientras haya una cita abierta',
    allowed: ESCORT,
    response: mensaje,
    run: async (pair) => {
      if (!(await openMeetingExists(deps, pair))) throw notFound(msg.meetingNotFound);
      return { mensaje: msg.conversationUpdated };
    },
  });
  pairRoute(app, {
    method: 'PUT',
    url: '/conversacion-cliente/aceptar',
    summary: 'La escort acepta la solicitud del cliente',
    allowed: ESCORT,
    response: acceptAnswer,
    run: shared.acceptOrRefresh,
  });
  pairRoute(app, {
    method: 'PUT',
    url: '/conversacion-cliente/cerrar',
    summary: 'Cualquiera de los dos cierra la cita abierta',
    allowed: BOTH,
    response: mensaje,
    run: shared.close,
  });
  pairRoute(app, {
    method: 'PUT',
    url: '/conversacion-cliente/evaluar',
    summary: 'La escort marca al cliente como evaluado',
    allowed: ESCORT,
    response: ok,
    run: async (pair) => {
      await markEvaluated(deps, pair);
      return { ok: true as const };
    },
  });
  pairRoute(app, {
    method: 'GET',
    url: '/conversacion-cliente/estado-comentado',
    summary: '¿El cliente comentó y aún no califica?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ comentado: z.boolean() }),
    run: shared.commented,
  });
  pairRoute(app, {
    method: 'GET',
    url: '/conversacion-cliente/click',
    summary: '¿El cliente puede marcar un "No Me Gusta"?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ click: z.boolean() }),
    run: shared.click,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/conversacion-cliente/cerrar-usuario',
    summary: 'La escort cierra y descarta al cliente de "pendientes por calificar" (Ignorar)',
    allowed: ESCORT,
    response: mensaje,
    run: async (pair) => {
      await dismissClient(deps, pair);
      return { mensaje: msg.conversationClosed };
    },
  });
  pairRoute(app, {
    method: 'POST',
    url: '/conversacion-cliente/existe-cliente',
    summary: '¿Hay una cita abierta (pendiente o aceptada)?',
    allowed: BOTH,
    lookup: true,
    response: z.object({ existe: z.boolean() }),
    run: shared.exists,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/conversacion-cliente/reutilizar-estado-cliente',
    summary: 'La escort acepta de nuevo (o renueva el token)',
    allowed: ESCORT,
    response: acceptAnswer,
    run: shared.acceptOrRefresh,
  });
  pairRoute(app, {
    method: 'POST',
    url: '/conversacion-cliente/crear-o-actualizar',
    summary: 'Aceptar en un paso: acepta la solicitud o renueva la cita aceptada',
    allowed: ESCORT,
    response: acceptAnswer,
    run: shared.acceptOrRefresh,
  });

  app.get(
    '/conversacion-cliente/solicitudes/:nickname',
    {
      schema: {
        security: sessionSecurity,
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
        security: sessionSecurity,
        tags: ['conversacion-cliente'],
        summary: 'Clientes aceptados que la escort aún no califica (PENDIENTES POR CALIFICAR)',
        params: nicknameParam,
        response: { 200: z.object({ clientes: z.array(requestItemSchema) }), ...errors },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      requireOwnNickname(caller, request.params.nickname, 'escort');
      return { clientes: await clientsToRate(deps, caller.id) };
    },
  );

  app.get(
    '/conversacion-cliente/perfil/:nickname',
    {
      schema: {
        security: sessionSecurity,
        tags: ['conversacion-cliente'],
        summary: 'Ficha del cliente para una escort que tiene o tuvo una cita con él',
        params: nicknameParam,
        response: { 200: clientCardSchema, ...errors },
      },
    },
    async (request) => clientCard(deps, await requireAccount(request), request.params.nickname),
  );
};
