import { and } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  filterNames,
  pageFilter,
  pageFilterNames,
  placeFilterNames,
  type FilterName,
  type SearchFilters,
} from '@encanto/core/search-filters';
import { conditions, filterSql, visitPlace } from '../../src/modules/directory/search-queries.ts';

/** A value that narrows, for each filter, from its description: a new filter is covered as it is added. */
function narrowing(name: FilterName): unknown {
  if (!(pageFilterNames as string[]).includes(name)) return 'santiago';
  const { value } = pageFilter(name as (typeof pageFilterNames)[number]);
  switch (value.kind) {
    case 'choice':
      return value.values[0];
    case 'list':
      return value.values.slice(0, 2);
    case 'number':
      return value.min;
    case 'flag':
      return true;
    case 'text':
      return 'masajes';
  }
}

const dialect = new PgDialect();
const text = (filters: SearchFilters) =>
  dialect.sqlToQuery(and(...conditions({ filters, today: '2026-03-01' }))!).sql;

describe('the filters as SQL (search-queries.ts filterSql)', () => {
  it('has a condition for every filter of the descriptor, and each narrows the public profiles', () => {
    expect(Object.keys(filterSql).sort()).toEqual([...filterNames].sort());
    const none = text({});
    for (const name of filterNames) {
      const one = conditions({ filters: { [name]: narrowing(name) }, today: '2026-03-01' });
      // public and listed (decision 0153), then the filter's own condition.
      expect(one, name).toHaveLength(3);
      expect(text({ [name]: narrowing(name) }), name).not.toBe(none);
    }
  });

  it('finds the visitors of every place filter, and of none without a place', () => {
    for (const name of placeFilterNames) {
      const place = visitPlace({ filters: { [name]: 'santiago' }, today: '2026-03-01' });
      expect(place?.visit, name).toHaveLength(1);
    }
    const others = Object.fromEntries(pageFilterNames.map((n) => [n, narrowing(n)]));
    expect(visitPlace({ filters: others, today: '2026-03-01' })).toBeUndefined();
  });

  it('keeps the count on its index keys: the places, the gender and verified photos', () => {
    const keys = filterNames.filter((name) => filterSql[name].countKey);
    expect(keys).toEqual([...placeFilterNames, 'genero', 'fotos_verificadas']);
  });

  it('leaves out what does not narrow: a false flag, an empty list', () => {
    const none = text({});
    expect(text({ con_galeria: false, fotos_verificadas: false, servicio: [] })).toBe(none);
  });
});
