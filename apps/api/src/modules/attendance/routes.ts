import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@encanto/core/api-error';
import {
  adminAttendanceDisputeSchema,
  attendanceDisputeIdParam,
  attendanceDisputeSchema,
  attendanceMarkSchema,
  attendanceSettleSchema,
} from '@encanto/core/attendance';
import { meetingIdParam } from '@encanto/core/meetings';
import { msg } from '@encanto/core/messages';
import { messageSchema } from '@encanto/core/validation';
import { depsOf } from '../../deps.ts';
import { publicWrite } from '../../plugins/public-writes.ts';
import { requireAccount, requireAdmin, sessionSecurity } from '../../plugins/auth.ts';
import { attendanceDisputes, disputeAbsence, markAttendance, settleDispute } from './service.ts';

const tags = ['asistencia'];

/**
 * The attendance record both ways (decision 0173): each side of an accepted meeting marks whether it
 * happened; the side said to be absent may contest; the administration settles. A mark or a settlement
 * changes the counts on the escort's public card, so they clear the public cache.
 */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.post(
    '/citas/:id/asistencia',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Cada lado de una cita aceptada marca si se concretó o si la otra parte no se presentó (desde la hora de la cita hasta 7 días después; una vez)',
        params: meetingIdParam,
        body: attendanceMarkSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      await markAttendance(deps, caller, request.params.id, request.body.resultado);
      return { mensaje: msg.attendanceSaved };
    },
  );

  app.post(
    '/citas/:id/asistencia/disputa',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary:
          'Quien según la otra parte no se presentó lo reclama (dentro de 7 días); la administración resuelve',
        params: meetingIdParam,
        body: attendanceDisputeSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireAccount(request);
      await disputeAbsence(deps, caller, request.params.id, request.body.texto);
      return { mensaje: msg.attendanceDisputed };
    },
  );

  app.get(
    '/admin/asistencia/disputas',
    {
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Reclamos de asistencia: abiertos primero, luego los resueltos',
        response: { 200: z.array(adminAttendanceDisputeSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return attendanceDisputes(app.db);
    },
  );

  app.post(
    '/admin/asistencia/disputas/:id/resolver',
    {
      config: publicWrite,
      schema: {
        security: sessionSecurity,
        tags,
        summary: 'Resuelve un reclamo: la ausencia se mantiene o se anula (con nota, en la auditoría)',
        params: attendanceDisputeIdParam,
        body: attendanceSettleSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await settleDispute(deps, admin, request.params.id, request.body);
      return {
        mensaje:
          request.body.resolucion === 'ausencia' ? msg.attendanceAbsenceKept : msg.attendanceAbsenceCancelled,
      };
    },
  );
};
