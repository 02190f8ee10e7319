import { describe, expect, it } from 'vitest';
import { ageOn } from '@encanto/core/age';
import { cityPages } from '@encanto/core/landing';
import { cityKey, findComuna } from '@encanto/core/geo';
import { isValidRut, normalizeRut } from '@encanto/core/rut';
import { buildDemoPlan, landingComunas } from '../../src/demo/plan.ts';

const now = new Date('2025-06-15T15:00:00Z');
const today = '2025-06-15';

describe('demo plan', () => {
  const plan = buildDemoPlan(now);
  const escorts = plan.filter((p) => p.kind === 'escort');
  const approved = escorts.filter((p) => p.autorizado === 'aprobado');
  const listed = approved.filter((p) => p.escort?.estado === 'disponible');

  it('is the same every time', () => {
    expect(buildDemoPlan(now)).toEqual(plan);
  });

  it('lists at least 80 escorts and covers every landing page with a listed one', () => {
    expect(listed.length).toBeGreaterThanOrEqual(80);
    expect(landingComunas()).toHaveLength(56);
    const keys = new Set(listed.map((p) => p.cityKey));
    for (const page of cityPages)
      expect(keys.has(cityKey(findComuna(page.comuna ?? page.city)!.name)), page.slug).toBe(true);
    expect(approved.some((p) => p.escort?.estado === 'inactiva')).toBe(true);
  });

  it('has pending escorts and clients, and approved clients', () => {
    expect(escorts.filter((p) => p.autorizado === 'pendiente').length).toBeGreaterThanOrEqual(3);
    expect(
      plan.filter((p) => p.kind === 'client' && p.autorizado === 'pendiente').length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      plan.filter((p) => p.kind === 'client' && p.autorizado === 'aprobado').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('keeps every field within the registration rules', () => {
    const nicks = new Set<string>();
    for (const p of plan) {
      expect(p.nickname).toMatch(/^[a-z0-9]{4,10}$/);
      nicks.add(p.nickname);
      expect(isValidRut(p.rut)).toBe(true);
      expect(p.fono).toMatch(/^9\d{8}$/);
      expect(p.nombre.length).toBeGreaterThanOrEqual(10);
      expect(p.nombre).toContain('(demo)');
      expect(findComuna(p.ciudad)?.name).toBe(p.ciudad);
      expect(p.cityKey).toBe(cityKey(p.ciudad));
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (p.approvedAt) expect(p.approvedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(nicks.size).toBe(plan.length);
    expect(new Set(plan.map((p) => p.rutNorm)).size).toBe(plan.length);
    for (const p of escorts) {
      const age = ageOn(p.fechaNac, today);
      expect(age).toBeGreaterThanOrEqual(21);
      expect(age).toBeLessThanOrEqual(45);
      expect(p.escort!.medidas).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
      expect(p.escort!.legenda.length).toBeGreaterThan(10);
    }
  });

  it('is mostly Femenino with some Transexual and a few Masculino', () => {
    const count = (g: string) => escorts.filter((p) => p.genero === g).length;
    expect(count('Femenino')).toBeGreaterThan(escorts.length * 0.75);
    expect(count('Transexual')).toBeGreaterThanOrEqual(5);
    expect(count('Masculino')).toBeGreaterThanOrEqual(2);
  });

  it('spreads registrations over the last months', () => {
    const days = approved.map((p) => (now.getTime() - p.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(90);
    expect(Math.min(...days)).toBeLessThan(30);
  });

  it('avoids nicknames, e-mails and RUTs already registered', () => {
    const first = plan[0]!;
    const again = buildDemoPlan(now, {
      nicknames: new Set([first.nickname]),
      emails: new Set(),
      ruts: new Set([normalizeRut(first.rut)]),
    });
    expect(again.some((p) => p.nickname === first.nickname)).toBe(false);
    expect(again.some((p) => p.rutNorm === first.rutNorm)).toBe(false);
  });
});
