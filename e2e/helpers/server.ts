import { inject } from 'vitest';
import type { E2eServer } from './global-setup.ts';

/**
 * The server of this file's worker. The global setup starts one per worker and files running side by
 * side have different worker ids (VITEST_POOL_ID, 1 to maxWorkers), so a file has its server to itself.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length]!;
}

/** The base URL of this file's server. */
export const baseUrl = () => e2eServer().baseUrl;

/** The DATA_DIR of this file's server (its outbox holds the mails it sent, as .eml files). */
export const dataDir = () => e2eServer().dataDir;
