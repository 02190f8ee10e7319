import { describe, expect, it } from 'vitest';
import { averagesFrom, commentFormSchema, escortRatingBodySchema, notesSchema } from '../src/marketplace.ts';

describe('averagesFrom', () => {
  it('rounds each criterion and takes the overall as the mean of the rounded values, one decimal', () => {
    expect(averagesFrom({ count: 2, sums: [19, 15, 12, 13, 3] })).toEqual({
      promedio_nota1: 10,
      promedio_nota2: 8,
      promedio_nota3: 6,
      promedio_nota4: 7,
      promedio_nota5: 2,
      promedio_general: 6.6,
      total: 2,
    });
  });
  it('is all zeros without ratings', () => {
    expect(averagesFrom({ count: 0, sums: [0, 0, 0, 0, 0] })).toMatchObject({
      promedio_nota1: 0,
      promedio_general: 0,
      total: 0,
    });
  });
});

describe('schemas', () => {
  it('a rating needs five whole marks 1-10, with the spec message', () => {
    expect(notesSchema.safeParse({ nota1: 1, nota2: 10, nota3: '5', nota4: 7, nota5: 2 }).success).toBe(true);
    const bad = escortRatingBodySchema.safeParse({
      calificador: 'a',
      nickname_usuario: 'b',
      nota1: 0,
      nota2: 1,
      nota3: 1,
      nota4: 1,
      nota5: 1,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Debes seleccionar una nota para cada ítem (1-10).');
  });
  it('a comment is trimmed and must not be blank', () => {
    expect(commentFormSchema.parse({ comentario: '  hola  ' }).comentario).toBe('hola');
    expect(commentFormSchema.safeParse({ comentario: '   ' }).error?.issues[0]?.message).toBe(
      'Debes iniciar sesión como cliente para comentar.',
    );
  });
});
