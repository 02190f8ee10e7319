import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { PendingClient, PendingEscort, ValidationKind } from '@encanto/core/validation';

/** One pending account as both queues show it. */
export interface PendingRow {
  rut: string;
  nombre: string;
  nickname: string;
  /** Clients only: the e-mail the spec's table shows. */
  email: string | null;
  fechaNac: string;
  edad: number;
  motivo: string | null;
  documento: string | null;
}

export const isMinor = (edad: number) => edad < limits.minimumAge;

/** Why Autorizar is closed for a row, or null when the admin may authorise it. */
export function authorizeBlock(row: PendingRow): string | null {
  if (isMinor(row.edad)) return 'Menor de 18 años: no se puede autorizar.';
  if (!row.documento) return 'Sin documento: no hay nada que revisar todavía.';
  return null;
}

/**
 * The rows the admin can act on first: those with a document to review, then those still waiting for one
 * (decision 0147). The order within each group is the server's (oldest first).
 */
export const documentsFirst = (rows: readonly PendingRow[]): PendingRow[] =>
  [...rows].sort((a, b) => Number(a.documento === null) - Number(b.documento === null));

/** What differs between the two queues: titles, spec words and the API's field names. */
export const pendingKinds = {
  usuario: {
    section: 'Escorts pendientes',
    title: 'Escorts Pendientes',
    noun: 'escort',
    reject: 'informar-rechazo-escort',
    ok: msg.escortAuthorized,
    fail: msg.escortAuthorizeError,
    toRow: (r: PendingEscort | PendingClient): PendingRow => ({
      rut: (r as PendingEscort).rut_usuario,
      nombre: r.nombre,
      nickname: r.nickname,
      email: null,
      fechaNac: r.fecha_nac,
      edad: r.edad,
      motivo: r.motivo,
      documento: r.documento,
    }),
  },
  cliente: {
    section: 'Clientes pendientes',
    title: 'Clientes Pendientes',
    noun: 'cliente',
    reject: 'informa-rechazar-cliente',
    ok: msg.clientAuthorized,
    fail: msg.clientAuthorizeError,
    toRow: (r: PendingEscort | PendingClient): PendingRow => ({
      rut: (r as PendingClient).rut_cliente,
      nombre: r.nombre,
      nickname: r.nickname,
      email: (r as PendingClient).email,
      fechaNac: r.fecha_nac,
      edad: r.edad,
      motivo: r.motivo,
      documento: r.documento,
    }),
  },
} satisfies Record<ValidationKind, unknown>;
