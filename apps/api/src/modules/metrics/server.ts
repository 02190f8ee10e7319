import Fastify, { type FastifyInstance } from 'fastify';
import { sendMetrics } from './routes.ts';

/**
 * METRICS_PORT: `GET /metrics` without a token on a second listener bound to
 * 127.0.0.1 only, for a Prometheus (or agent) on the same host; the public
 * port never serves it unless METRICS_TOKEN is set.
 */
export async function startMetricsServer(app: FastifyInstance, port: number): Promise<FastifyInstance> {
  const metrics = app.services.metrics;
  if (!metrics) throw new Error('metrics are not configured');
  const server = Fastify({ logger: false });
  server.get('/metrics', (_request, reply) => sendMetrics(metrics, reply));
  await server.listen({ port, host: '127.0.0.1' });
  app.log.info(`metrics on http://127.0.0.1:${port}/metrics`);
  return server;
}
