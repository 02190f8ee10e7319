import { describe, expect, it } from 'vitest';
import { msg } from '../src/messages.ts';
import { escortSearchQuerySchema } from '../src/search.ts';
import {
  filterChips,
  filterKey,
  filterNames,
  pageFilter,
  pageFilterNames,
  placeFilterNames,
  readPageFilters,
  retiredFilterNames,
  searchWords,
  writePageFilters,
  type PageFilterName,
  type PageFilters,
} from '../src/search-filters.ts';
import { filterParams, filtersFromQuery } from '../src/search-params.ts';

/** A value each page filter takes, from its description: a new filter is covered as it is added. */
function sample(name: PageFilterName): unknown {
  const { value } = pageFilter(name);
  switch (value.kind) {
    case 'choice':
      return value.values.at(-1);
    case 'list':
      return value.values.slice(0, 2);
    case 'number':
      return value.min;
    case 'flag':
      return true;
    case 'text':
      return 'Bárbara ñuñoa';
  }
}

const everyFilter = Object.fromEntries(pageFilterNames.map((n) => [n, sample(n)])) as PageFilters;
const url = (filters: PageFilters) => new URLSearchParams(writePageFilters(filters));

describe('the filters descriptor', () => {
  it('is what the API schema takes, then the order and the page', () => {
    expect(Object.keys(escortSearchQuerySchema.shape)).toEqual([
      ...filterNames,
      ...retiredFilterNames,
      'orden',
      'limite',
      'cursor',
      'pagina',
    ]);
    // Places are in a page's path; every other filter is in its query string and its filter bar.
    expect([...placeFilterNames, ...pageFilterNames].sort()).toEqual([...filterNames].sort());
    expect(placeFilterNames).toEqual(['zona', 'region', 'comuna', 'ciudad']);
  });

  it('round-trips every page filter through a page URL, alone and all together, in its order', () => {
    for (const name of pageFilterNames) {
      const one = { [name]: sample(name) } as PageFilters;
      expect(readPageFilters(url(one))[name], name).toEqual(one[name]);
      expect(filtersFromQuery(new URLSearchParams(filterParams(one))), name).toMatchObject(one);
    }
    expect(readPageFilters(url(everyFilter))).toEqual(everyFilter);
    const written = [...new Set(writePageFilters(everyFilter).map(([n]) => n))];
    expect(written).toEqual(pageFilterNames);
  });

  it('keeps in a page URL exactly what the API accepts, one value at a time', () => {
    const texts = ['', 'x', 'true', 'false', 'TRUE', '0', '17', '18', '018', '99', '100', '10000', '80000'];
    for (const name of pageFilterNames) {
      const { value } = pageFilter(name);
      const own = value.kind === 'choice' || value.kind === 'list' ? value.values : [];
      for (const text of [...texts, ...own, ...own.map((v) => v.toUpperCase())]) {
        const accepted = escortSearchQuerySchema.safeParse({ [name]: text });
        const kept = readPageFilters(new URLSearchParams([[name, text]]))[name];
        // A false flag is accepted and narrows nothing: the page leaves it out.
        const expected = accepted.success && accepted.data[name] !== false ? accepted.data[name] : undefined;
        expect(kept, `${name}=${text}`).toEqual(expected);
      }
    }
  });

  it('refuses each filter with its own Spanish message, as before', () => {
    const refusal = (query: Record<string, unknown>) => {
      const r = escortSearchQuerySchema.safeParse(query);
      return r.success ? undefined : r.error.issues.map((i) => i.message);
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ zona: 'este' }, msg.searchZone],
      [{ zona: 'Sur' }, msg.searchZone],
      [{ region: 'atlantida' }, msg.searchRegion],
      [{ comuna: 'gotham' }, msg.searchComuna],
      [{ ciudad: 'nowhere-town' }, msg.searchCity],
      [{ genero: 'otro' }, msg.searchGender],
      [{ edad_min: '17' }, msg.searchAge],
      [{ edad_max: '100' }, msg.searchAge],
      [{ edad_min: '018' }, msg.searchAge],
      [{ edad_min: '40', edad_max: '30' }, msg.searchAgeRange],
      [{ disponible: 'si' }, msg.searchFlag],
      [{ con_galeria: '1' }, msg.searchFlag],
      [{ fotos_verificadas: 'si' }, msg.searchFlag],
      [{ tarifa_max: '5000' }, msg.searchTarifaMax],
      [{ tarifa_max: '12345678' }, msg.searchTarifaMax],
      [{ servicio: 'nada' }, msg.searchServicio],
      [{ servicio: ['masajes', 'nada'] }, msg.searchServicio],
      [{ servicio: Array(13).fill('masajes') }, msg.searchServicio],
      [{ atiende: 'ambos' }, msg.searchAtiende],
      [{ q: '' }, msg.searchText],
      [{ q: '   ' }, msg.searchText],
      [{ q: 'a'.repeat(61) }, msg.searchText],
      [{ q: ['a', 'b'] }, msg.searchText],
      [{ q: '¡¿ :* & | !?' }, msg.searchTextWords],
    ];
    for (const [query, message] of cases) expect(refusal(query), JSON.stringify(query)).toEqual([message]);
    // Every filter is covered above: a new one needs its case (and its message).
    expect(new Set(cases.flatMap(([q]) => Object.keys(q)))).toEqual(
      new Set([...filterNames, ...retiredFilterNames]),
    );
  });

  it('takes a retired filter from an old link and drops it: it narrows nothing (decision 0153)', () => {
    expect(retiredFilterNames).toEqual(['disponible']);
    expect(filterNames).not.toContain('disponible');
    for (const v of ['true', 'false'])
      expect(escortSearchQuerySchema.parse({ disponible: v, genero: 'Femenino' })).toEqual({
        disponible: undefined,
        genero: 'Femenino',
      });
    expect(readPageFilters(new URLSearchParams('disponible=true'))).toEqual(
      readPageFilters(new URLSearchParams()),
    );
  });

  it('answers a place as the key profiles are stored under, whatever its case or spelling', () => {
    const parse = (q: Record<string, string>) => escortSearchQuerySchema.parse(q);
    expect(parse({ comuna: 'O-Higgins' }).comuna).toBe('ohiggins');
    expect(parse({ comuna: 'ohiggins' }).comuna).toBe('ohiggins');
    expect(parse({ comuna: 'Santiago' }).comuna).toBe('santiago');
    expect(parse({ region: 'La-Araucania' }).region).toBe('la-araucania');
    expect(parse({ zona: 'sur' }).zona).toBe('sur');
    // A landing slug names the comuna it lists.
    expect(parse({ ciudad: 'santiago' }).ciudad).toBe('santiago');
  });

  it("gives each filter and each of its values its own count key, and the key nothing of the list's order or page", () => {
    const keys = new Set([filterKey({})]);
    for (const name of pageFilterNames) keys.add(filterKey({ [name]: sample(name) }));
    for (const name of placeFilterNames) keys.add(filterKey({ [name]: 'x' }));
    expect(keys.size).toBe(filterNames.length + 1);
    expect(filterKey({ genero: 'Femenino' })).not.toBe(filterKey({ genero: 'Masculino' }));
    const query = escortSearchQuerySchema.parse({ genero: 'Femenino', orden: 'calificacion', limite: '5' });
    const { orden: _o, limite: _l, ...filters } = query;
    expect(filterKey(query)).toBe(filterKey(filters));
  });
});

describe('the active filters as chips (decision 0142)', () => {
  it('names each narrowing value in words, and removes just that one', () => {
    const filters = {
      ...filtersFromQuery(
        new URLSearchParams('genero=Femenino&edad_min=25&con_galeria=true&orden=calificacion'),
      ),
      servicio: pageFilter('servicio').value.kind === 'list' ? everyFilter.servicio : undefined,
    };
    const chips = filterChips(filters);
    expect(chips.map((c) => c.label).slice(0, 3)).toEqual([
      'Género: Femenino',
      'Edad desde 25',
      'Con galería',
    ]);
    // One chip per service ticked; the order is not a filter and stays when one is removed.
    expect(chips).toHaveLength(3 + (everyFilter.servicio?.length ?? 0));
    const withoutAge = chips.find((c) => c.key === 'edad_min')!.without;
    expect(filterParams(withoutAge)).toEqual([
      ['genero', 'Femenino'],
      ['con_galeria', 'true'],
      ...(everyFilter.servicio ?? []).map((s): [string, string] => ['servicio', s]),
      ['orden', 'calificacion'],
    ]);
    const firstService = chips.find((c) => c.key.startsWith('servicio:'))!;
    expect(firstService.without.servicio).toEqual(everyFilter.servicio?.slice(1));
  });

  it('has a chip for every page filter, so the count on the button covers each', () => {
    expect(new Set(filterChips(everyFilter).map((c) => c.key.split(':')[0]))).toEqual(
      new Set(pageFilterNames),
    );
    expect(filterChips({})).toEqual([]);
  });
});

describe('the text search in a page URL (decision 0163)', () => {
  it('makes words of what was typed: lower case, no accents, no signs, at most eight', () => {
    expect(searchWords('Bárbara  ÑUÑOA')).toEqual(['barbara', 'nunoa']);
    expect(searchWords("valeria'); drop table --")).toEqual(['valeria', 'drop', 'table']);
    expect(searchWords('a:*A & !b | c <-> d')).toEqual(['a', 'a', 'b', 'c', 'd']);
    expect(searchWords('¡¿!?')).toEqual([]);
    expect(searchWords('uno dos tres cuatro cinco seis siete ocho nueve')).toHaveLength(8);
  });

  it('keeps the text with its spaces collapsed, and orders a text search by relevance unless told', () => {
    expect(readPageFilters(new URLSearchParams('q=%20Bárbara%20%20Soto%20')).q).toBe('Bárbara Soto');
    expect(readPageFilters(new URLSearchParams('q=!!!')).q).toBeUndefined();
    // Without words the default order is the most recent; with them relevance, so "recientes" stays.
    expect(filtersFromQuery(new URLSearchParams('orden=recientes')).orden).toBeUndefined();
    expect(filtersFromQuery(new URLSearchParams('q=vale&orden=recientes')).orden).toBe('recientes');
    expect(filterParams({ q: 'vale', orden: 'recientes' })).toEqual([
      ['q', 'vale'],
      ['orden', 'recientes'],
    ]);
    expect(filterParams({ orden: 'recientes' })).toEqual([]);
    expect(filterChips({ q: 'vale', genero: 'Femenino' }).map((c) => c.label)).toEqual([
      '«vale»',
      'Género: Femenino',
    ]);
  });
});
