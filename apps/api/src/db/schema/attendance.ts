import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { attendanceResultValues, attendanceSettlementValues } from '@encanto/core/attendance';
import { accounts } from './accounts.ts';
import { meetings } from './marketplace.ts';

/**
 * One side's word on whether an accepted meeting happened (decision 0173): `resultado` speaks of the
 * other side (`subject_id`). A "no_se_presento" may be contested by the subject within 7 days; the
 * administration then settles it. The record lives and dies with the meeting (decision 0174).
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The author's side of the pair. */
    side: text('side', { enum: ['client', 'escort'] }).notNull(),
    resultado: text('resultado', { enum: attendanceResultValues }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    /** The subject contested a "no_se_presento". */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeText: text('dispute_text'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => accounts.id, { onDelete: 'set null' }),
    settlement: text('settlement', { enum: attendanceSettlementValues }),
    note: text('note'),
  },
  (t) => [
    // One mark per meeting and side.
    uniqueIndex('attendance_marks_meeting_author_key').on(t.meetingId, t.authorId),
    index('attendance_marks_subject_idx').on(t.subjectId, t.resultado),
    index('attendance_marks_author_idx').on(t.authorId),
    index('attendance_marks_disputes_idx')
      .on(t.disputedAt)
      .where(sql`${t.disputedAt} is not null`),
  ],
);
