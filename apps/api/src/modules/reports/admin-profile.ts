import { ageOn } from '@encanto/core/age';
import { todayInChile } from '@encanto/core/chile-time';
import type { AdminProfile } from '@encanto/core/data-rights';
import { srcsetFor } from '@encanto/core/media';
import { msg } from '@encanto/core/messages';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findAccountByNickname } from '../accounts/service.ts';
import { latestDecisionEntry } from '../audit/service.ts';
import { listReports } from './queries.ts';
import { holdState, toReport } from './service.ts';

/**
 * A profile as the admin reviews it after a report: the person behind it (to
 * compare with the identity document), what the public would see, whether the
 * site hides it and which decision did, and every report about it. Unlike the
 * escort's own card, this answers in the admin's terms and holds the private
 * data only an admin may read; the route checks the caller.
 */
export async function adminProfileView(db: DbOrTx, nickname: string, now: Date): Promise<AdminProfile> {
  const account = await findAccountByNickname(db, nickname, 'escort');
  if (!account?.profile) throw notFound(msg.accountNotFound);
  const { profile } = account;
  const state = await holdState(db, account.id, profile.suspended);
  // The decision that hid it says why: the hold's trigger, or the report reason of a suspension.
  const decision = state
    ? await latestDecisionEntry(db, account.id, [
        state === 'suspendido' ? 'perfil_suspendido' : 'perfil_en_espera',
      ])
    : undefined;
  const reports = await listReports(db, 'todas', account.id);
  return {
    nickname: account.nickname,
    apellido: account.apellido,
    nombre: account.nombre,
    rut: account.rut,
    fecha_nac: account.fechaNac,
    edad: ageOn(account.fechaNac, todayInChile(now)),
    email: account.email,
    fono: account.fono,
    genero: account.genero,
    ciudad: account.ciudad,
    url: account.url,
    srcset: srcsetFor(account.url),
    medidas: profile.medidas,
    legenda: profile.legenda,
    estado: profile.estado,
    autorizado: account.autorizado,
    pausado: profile.paused,
    listado: profile.listed,
    retencion: state
      ? {
          estado: state,
          motivo: decision?.reasons ?? null,
          desde: decision?.createdAt.toISOString() ?? null,
        }
      : null,
    denuncias: reports.map(toReport),
  };
}
