import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  notificationKindsFor,
  notificationKindValues,
  notificationLabels,
  notificationPrefsSchema,
} from '@encanto/core/notifications';
import {
  defaultPushPrefs,
  kindsWithoutPush,
  pushKindsFor,
  pushKindValues,
  pushLabels,
  pushOnlyKinds,
  pushPrefsSchema,
} from '@encanto/core/push';
import { notificationPrefs, pushPrefs } from '../../src/db/schema/index.ts';

/**
 * The mail and push channels share one list of kinds (packages/core/src/notifications.ts): a kind added there
 * gets a push switch too, unless it is named in `kindsWithoutPush` on purpose. These checks fail when one
 * channel learns of a kind the other, or a table, does not.
 */
const excluded: readonly string[] = kindsWithoutPush;
const withPush = notificationKindValues.filter((kind) => !excluded.includes(kind));
const columnsOf = (table: typeof notificationPrefs | typeof pushPrefs) =>
  Object.values(getTableColumns(table)).map((c) => c.name);

describe('notification kinds and push switches', () => {
  it('gives every notification kind a push switch, unless it is declared without one', () => {
    expect(Object.keys(pushPrefsSchema.shape)).toEqual(expect.arrayContaining(withPush));
    expect(pushKindValues).toEqual([...withPush, ...Object.keys(pushOnlyKinds)]);
    for (const kind of withPush) {
      expect(defaultPushPrefs[kind], kind).toBe(true);
      expect(pushLabels[kind]?.title, kind).toBe(notificationLabels[kind].title);
    }
    expect(Object.keys(pushLabels)).toEqual([...pushKindValues]);
  });

  it('keeps the exclusions and the push-only kinds apart from each other and real', () => {
    for (const kind of excluded) expect(notificationKindValues).toContain(kind);
    for (const kind of Object.keys(pushOnlyKinds)) expect(notificationKindValues).not.toContain(kind);
  });

  it('shows each side the push switches of its mail kinds', () => {
    for (const side of ['client', 'escort'] as const) {
      const mailKinds = notificationKindsFor[side].filter((kind) => !excluded.includes(kind));
      expect(pushKindsFor[side]).toEqual(expect.arrayContaining(mailKinds));
    }
  });

  it('has a column per kind in each channel’s table and a label per mail kind', () => {
    expect(Object.keys(notificationPrefsSchema.shape)).toEqual([...notificationKindValues]);
    expect(columnsOf(notificationPrefs)).toEqual(expect.arrayContaining([...notificationKindValues]));
    expect(columnsOf(pushPrefs)).toEqual(expect.arrayContaining([...pushKindValues]));
    for (const kind of notificationKindValues) expect(notificationLabels[kind].what, kind).toBeTruthy();
  });
});
