import type { z } from 'zod';
import { escortCardSchema, escortListCardSchema } from './escorts.ts';
import { visitSchema } from './touring.ts';

/**
 * A listing card of an escort visiting the listed place today (decision 0102): the search's card plus
 * her visit, so the card shows "De visita" and the dates.
 */
export const visitorCardSchema = escortListCardSchema.extend({ visita: visitSchema });
export type VisitorCard = z.infer<typeof visitorCardSchema>;

/** The spec's city listing keeps its card; a visitor's card adds `visita`. */
export const cityListCardSchema = escortCardSchema.extend({ visita: visitSchema.optional() });
