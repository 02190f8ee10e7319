import type { FastifyInstance } from 'fastify';

export interface SeedResult {
  admin?: { email: string; password: string };
}

// Filled in by the demo-data work: escorts for every city page, pending accounts, demo admin.
export async function seedDemoData(_app: FastifyInstance): Promise<SeedResult | undefined> {
  return undefined;
}
