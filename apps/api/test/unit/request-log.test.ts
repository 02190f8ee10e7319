import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QuietHotReadsLog } from '../../src/plugins/request-log.ts';

describe('request log of hot public reads', () => {
  it('skips successful hot GETs but logs their failures and every other request', async () => {
    const lines: { msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new QuietHotReadsLog() });
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.get('/api/usuario/ciudad/:city', async (request, reply) =>
      (request.params as { city: string }).city === 'nada' ? reply.status(404).send({}) : [],
    );
    app.post('/api/cliente/login', async () => ({}));
    await app.inject('/api/health');
    await app.inject('/api/usuario/ciudad/Santiago');
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    await app.inject('/api/usuario/ciudad/nada');
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.res?.statusCode)).toEqual([404]);
    await app.inject({ method: 'POST', url: '/api/cliente/login' });
    expect(lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual([
      '/api/cliente/login',
    ]);
    await app.close();
  });
});
