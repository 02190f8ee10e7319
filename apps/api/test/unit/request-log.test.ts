import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from '../../src/plugins/request-log.ts';

type Line = Record<string, unknown> & { msg: string };

function appWithLog() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    genReqId: () => 'req-1',
    logController: new OneLinePerRequest(),
  });
  app.get('/api/usuario/ciudad/:city', async (request, reply) =>
    (request.params as { city: string }).city === 'nada' ? reply.status(404).send({}) : [],
  );
  app.post('/api/cliente/login', async () => {
    throw new Error('boom');
  });
  // Pages are answered by the not-found handler, as web/plugin.ts does.
  app.setNotFoundHandler(async (_request, reply) => reply.type('text/html').send('<p>página</p>'));
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request, when it completes: method, route, status, duration, request id', async () => {
    const { app, lines } = appWithLog();
    await app.inject('/api/usuario/ciudad/Santiago');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      reqId: 'req-1',
      method: 'GET',
      route: '/api/usuario/ciudad/:city',
      status: 200,
      level: 30,
    });
    expect(typeof lines[0]!.ms).toBe('number');
    await app.inject('/api/usuario/ciudad/nada');
    expect(lines.map((l) => l.status)).toEqual([200, 404]);
    await app.close();
  });

  it('names a page by its pattern and never writes a token, a cookie or a query string', async () => {
    const { app, lines } = appWithLog();
    const token = 'tok3nQueNoDebeAparecer1234567890';
    await app.inject({
      url: `/cliente/resetear-pass/${token}?clave=${token}`,
      headers: { cookie: `encanto_sesion=${token}`, authorization: `Bearer ${token}` },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ route: '/cliente/resetear-pass/:token', status: 200 });
    expect(JSON.stringify(lines)).not.toContain(token);
    await app.close();
  });

  it('logs a failed request once, at error level', async () => {
    const { app, lines } = appWithLog();
    await app.inject({ method: 'POST', url: '/api/cliente/login' });
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ route: '/api/cliente/login', status: 500, level: 50 });
    await app.close();
  });
});
