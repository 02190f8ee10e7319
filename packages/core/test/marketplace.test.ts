import { describe, expect, it } from 'vitest';
import { averagesFrom, commentFormSchema, escortRatingBodySchema, notesSchema } from '../src/marketplace.ts';

describe('averagesFrom', () => {
  // Decision 0069: one decimal per criterion, and the overall from the unrounded criteria (was 6.6 from rounded ones).
  it('gives each criterion with one decimal and the overall as the mean of the unrounded criteria', () => {
    expect(averagesFrom({ count: 2, sums: [19, 15, 12, 13, 3] })).toEqual({
      promedio_nota1: 9.5,
      promedio_nota2: 7.5,
      promedio_nota3: 6,
      promedio_nota4: 6.5,
      promedio_nota5: 1.5,
      promedio_general: 6.2,
      total: 2,
    });
    // 8.67 per criterion for four of them: 8.7 overall, where rounding first said 9.0.
    expect(averagesFrom({ count: 3, sums: [26, 26, 27, 26, 26] }).promedio_general).toBe(8.7);
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
  it('a comment is trimmed, must not be blank and has at least 10 characters', () => {
    expect(commentFormSchema.parse({ comentario: '  hola, qué tal  ' }).comentario).toBe('hola, qué tal');
    expect(commentFormSchema.safeParse({ comentario: '   ' }).error?.issues[0]?.message).toBe(
      'Debes iniciar sesión como cliente para comentar.',
    );
    expect(commentFormSchema.safeParse({ comentario: '  123456789 ' }).error?.issues[0]?.message).toBe(
      'El comentario debe tener al menos 10 caracteres.',
    );
  });
});
