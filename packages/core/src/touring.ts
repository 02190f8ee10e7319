import { z } from 'zod';
import { findPickerComuna } from './geo-picker.ts';
import { msg } from './messages.ts';
import { addDays, visitRange } from './touring-dates.ts';

/** Touring (decision 0102): how many visits an escort may announce, and how far ahead they may end. */
export const giraLimits = { maxVisits: 3, maxDaysAhead: 90 } as const;

const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const dayField = z.string({ error: msg.giraDate }).refine(isDay, { error: msg.giraDate });

/** One visit as the form and the API take it: a comuna of the catalogue (accents optional) and two Chile dates. */
export const visitInputSchema = z
  .object({
    ciudad: z
      .string({ error: msg.giraCity })
      .trim()
      .min(1, msg.giraCity)
      .max(80, msg.giraCity)
      .refine((v) => findPickerComuna(v) !== undefined, { error: msg.giraCity }),
    desde: dayField,
    hasta: dayField,
  })
  .refine((v) => !isDay(v.desde) || !isDay(v.hasta) || v.desde <= v.hasta, {
    error: msg.giraOrder,
    path: ['hasta'],
  });
export type VisitInput = z.infer<typeof visitInputSchema>;

/** Indexes of the later visit of each overlapping pair (dates inclusive: ending the day another starts overlaps). */
function overlapping(list: readonly VisitInput[]): number[] {
  const out = new Set<number>();
  list.forEach((a, i) =>
    list.forEach((b, j) => {
      if (j > i && a.desde <= b.hasta && b.desde <= a.hasta) out.add(j);
    }),
  );
  return [...out];
}

/**
 * PUT /api/usuario/gira: the whole list (it replaces the stored one). The rules that need no
 * clock or account live here; those that do are `giraProblems`, which the service applies.
 */
export const giraBodySchema = z
  .array(visitInputSchema, { error: msg.invalidInput })
  .max(giraLimits.maxVisits, { error: msg.giraMax })
  .superRefine((list, ctx) => {
    for (const i of overlapping(list))
      ctx.addIssue({ code: 'custom', message: msg.giraOverlap, path: [i, 'desde'] });
  });

export interface GiraContext {
  /** Today in Chile, 'yyyy-mm-dd'. */
  today: string;
  /** Her own comuna (a visit there announces nothing). */
  ownCiudad?: string | undefined;
  /** Visits already stored: one that has started may be saved again with its start date in the past. */
  stored?: readonly { ciudad: string; desde: string }[] | undefined;
}

const sameComuna = (a: string, b: string) => findPickerComuna(a)?.comuna === findPickerComuna(b)?.comuna;

/** Rules against today and her account, as field paths ('0.desde') with their message, first problem first. */
export function giraProblems(
  list: readonly VisitInput[],
  ctx: GiraContext,
): { path: string; message: string }[] {
  const last = addDays(ctx.today, giraLimits.maxDaysAhead);
  const out: { path: string; message: string }[] = [];
  list.forEach((v, i) => {
    if (ctx.ownCiudad && sameComuna(v.ciudad, ctx.ownCiudad))
      out.push({ path: `${i}.ciudad`, message: msg.giraOwnCity });
    const started = ctx.stored?.some((s) => s.desde === v.desde && sameComuna(s.ciudad, v.ciudad));
    if (v.desde < ctx.today && !started) out.push({ path: `${i}.desde`, message: msg.giraPast });
    if (v.hasta < ctx.today) out.push({ path: `${i}.hasta`, message: msg.giraPast });
    else if (v.hasta > last) out.push({ path: `${i}.hasta`, message: msg.giraTooFar });
  });
  return out;
}

/** The body schema with the dated rules, for a form that knows today and her comuna. */
export const giraSchemaOn = (ctx: GiraContext) =>
  giraBodySchema.superRefine((list, z2) => {
    for (const p of giraProblems(list, ctx))
      z2.addIssue({
        code: 'custom',
        message: p.message,
        path: p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      });
  });

/**
 * The editor's form: the list under `visitas`, with the dated rules it can know (today, the visits
 * already stored); her own comuna is the server's to check. Errors name '<visitas>.<i>.<field>'.
 */
export const giraFormSchemaOn = (ctx: GiraContext) => z.object({ visitas: giraSchemaOn(ctx) });

/** A stored visit as GET /api/usuario/gira returns it (the catalogue's spelling of the comuna). */
export const visitSchema = z.object({ ciudad: z.string(), desde: z.string(), hasta: z.string() });
export type Visit = z.infer<typeof visitSchema>;
export const giraSchema = z.array(visitSchema);

/**
 * The favourite-visit notice (decision 0170): "Estefanía estará de visita en Valparaíso del 3 al 5 de
 * diciembre" (the dates worded as on her card, `visitRange`).
 */
export function visitAlertText(name: string, ciudad: string, desde: string, hasta: string): string {
  return `${name} estará de visita en ${ciudad} ${visitRange(desde, hasta)}`;
}
