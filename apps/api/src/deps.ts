import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Services } from './services.ts';

/**
 * Everything a service may be handed. A service names the part it uses
 * (`Pick<Deps, 'db' | 'media'>`), so its dependencies read at its signature,
 * never the whole Fastify instance, and a test can hand it just those.
 */
export type Deps = Omit<Services, 'close'> & { db: Db; config: Config; log: FastifyBaseLogger };

/** The app's collaborators as one object, built once per route plugin. */
export function depsOf(app: FastifyInstance): Deps {
  const { close: _close, ...services } = app.services;
  return { ...services, db: app.db, config: app.config, log: app.log };
}
