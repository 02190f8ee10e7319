import { describe, expect, it } from 'vitest';
import { documentsFirst, type PendingRow } from '../src/features/admin/pending-kinds.ts';

const row = (nickname: string, documento: string | null): PendingRow => ({
  rut: nickname,
  nombre: nickname,
  nickname,
  email: null,
  fechaNac: '1990-01-01',
  edad: 35,
  motivo: null,
  documento,
});

describe('pending queue order (decision 0147)', () => {
  it('puts the rows with a document first, keeping the server order within each group', () => {
    const rows = [row('a', null), row('b', '/doc/b'), row('c', null), row('d', '/doc/d')];
    expect(documentsFirst(rows).map((r) => r.nickname)).toEqual(['b', 'd', 'a', 'c']);
    expect(rows.map((r) => r.nickname)).toEqual(['a', 'b', 'c', 'd']);
  });
});
