import type { z } from 'zod';
import { accountRutKey } from '@encanto/core/accounts';
import {
  rectifiableFieldLabels,
  type AdminRectification,
  type RectifiableField,
  type Rectification,
} from '@encanto/core/data-rights';
import { birthDateFieldAt, idOrPassportField, fullNameField } from '@encanto/core/fields';
import { msg } from '@encanto/core/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { recordDecision } from '../audit/service.ts';
import type { SessionAccount } from '../sessions/service.ts';
import * as q from './queries.ts';

type RequestRow = Awaited<ReturnType<typeof q.listOwnRectifications>>[number];

function toRectification(r: RequestRow): Rectification {
  return {
    id: r.id,
    campo: r.field as RectifiableField,
    valor: r.value,
    detalle: r.detail,
    estado: r.status,
    fecha: r.createdAt.toISOString(),
  };
}

export async function ownRectifications(db: DbOrTx, accountId: string): Promise<Rectification[]> {
  return (await q.listOwnRectifications(db, accountId)).map(toRectification);
}

/** A request to correct a read-only field; one open request per field. */
export async function requestRectification(
  db: DbOrTx,
  accountId: string,
  input: { campo: RectifiableField; valor: string; detalle: string },
): Promise<Rectification> {
  if (await q.hasOpenRectification(db, accountId, input.campo)) throw conflict(msg.rectificationOpenExists);
  const row = await q.insertRectification(db, {
    accountId,
    field: input.campo,
    value: input.valor,
    detail: input.detalle,
  });
  return toRectification(row);
}

export async function rectificationsForAdmin(
  db: DbOrTx,
  status: 'abierta' | 'todas',
): Promise<AdminRectification[]> {
  const rows = await q.listRectificationsForAdmin(db, status);
  return rows.map((r) => {
    const campo = r.request.field as RectifiableField;
    const current = campo === 'nombre' ? r.nombre : campo === 'fecha_nac' ? r.fechaNac : r.rut;
    return {
      ...toRectification(r.request),
      nickname: r.nickname,
      tipo: r.kind === 'escort' ? 'usuario' : 'cliente',
      valor_actual: current,
    };
  });
}

function validOrThrow<T>(schema: z.ZodType<T>, value: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? msg.invalidInput);
  return parsed.data;
}

/**
 * Resolving applies the requested value with the same rules as registration
 * (a RUT that belongs to someone else is a 409); rejecting leaves the data
 * as it is. Either way the decision is written to the audit log.
 */
export async function decideRectification(
  db: Db,
  admin: SessionAccount,
  id: number,
  decision: 'resuelta' | 'rechazada',
  now: Date,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await q.findRectification(tx, id);
      if (!row) throw notFound(msg.rectificationNotFound);
      if (row.request.status !== 'abierta') throw conflict(msg.rectificationAlreadyDecided);
      const { accountId, field, value } = row.request;
      if (decision === 'resuelta') {
        if (field === 'nombre') {
          await q.updateAccountFields(tx, accountId, { nombre: validOrThrow(fullNameField, value) }, now);
        } else if (field === 'fecha_nac') {
          // The age on the public card comes from the birth date (the route clears the public cache).
          const fechaNac = validOrThrow(
            birthDateFieldAt(() => now),
            value,
          );
          await q.updateAccountFields(tx, accountId, { fechaNac }, now);
        } else if (field === 'rut') {
          const rut = validOrThrow(idOrPassportField, value.trim());
          await q.updateAccountFields(tx, accountId, { rut, rutNorm: accountRutKey(rut) }, now);
        }
      }
      await q.setRectificationStatus(tx, id, decision);
      await recordDecision(tx, {
        adminId: admin.id,
        adminNickname: admin.nickname,
        accountId,
        accountNickname: row.nickname,
        action: decision === 'resuelta' ? 'rectificacion_aplicada' : 'rectificacion_rechazada',
        reasons: rectifiableFieldLabels[field as RectifiableField] ?? field,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.duplicate);
    throw err;
  }
}
