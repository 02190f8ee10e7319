import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, FIXTURE_PASSWORD } from '../helpers/fixtures.ts';
import { countedTransport } from '../../src/modules/metrics/registry.ts';
import { startMetricsServer } from '../../src/modules/metrics/server.ts';
import { defaultPoolMax } from '../../src/db/client.ts';
import { freePort } from '../helpers/ports.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line `name{labels} value`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics off (neither METRICS_TOKEN nor METRICS_PORT)', () => {
  it('no /metrics route, no registry', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.services.metrics).toBeUndefined();
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body;
  };

  it('refuses a missing or wrong token with 401 and the Spanish error body', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ mensaje: 'Debes iniciar sesión para continuar.', code: 'UNAUTHORIZED' });
    }
  });

  it('requests by route pattern and status, public cache hits and misses, database queries and pool', async () => {
    await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject('/api/usuario/ciudad/Temuco')).statusCode).toBe(200);
    expect((await t.app.inject('/api/no-existe')).statusCode).toBe(404);
    const text = await scrape();
    const route = { method: 'GET', route: '/api/usuario/ciudad/:city', status: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'other', status: '404' })).toBe(1);
    // The first read computed the listing, the next two were served from memory.
    expect(sample(text, 'encanto_public_cache_requests_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'encanto_public_cache_requests_total', { result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'encanto_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'encanto_db_pool_connections', { state: 'max' })).toBe(
      t.database.driver === 'postgres' ? defaultPoolMax() : 1,
    );
    expect(sample(text, 'encanto_db_pool_connections', { state: 'waiting' })).toBe(0);
    // Process metrics from prom-client's defaults.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('login outcomes by kind, and mail sent or failed', async () => {
    const c = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const login = (pass: string) =>
      t.app.inject({ method: 'POST', url: '/api/cliente/login', payload: { email: c.email, pass } });
    expect((await login(FIXTURE_PASSWORD)).statusCode).toBe(200);
    expect((await login('equivocada1')).statusCode).toBeGreaterThanOrEqual(400);
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/recuperar-pass',
      payload: { email: c.email },
    });
    expect(recovery.statusCode).toBe(200);
    // The recovery mail is queued in the outbox; it counts as sent once the worker hands it over.
    await t.app.background.mail.drain();
    const broken = countedTransport(
      {
        send: () => Promise.reject(new Error('smtp down')),
        close: () => {},
      },
      t.app.services.metrics!,
    );
    await expect(broken.send({ to: 'x@example.cl', subject: 's', text: 't' })).rejects.toThrow('smtp down');

    const text = await scrape();
    expect(sample(text, 'encanto_logins_total', { kind: 'cliente', outcome: 'success' })).toBe(1);
    expect(sample(text, 'encanto_logins_total', { kind: 'cliente', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'encanto_mail_total', { outcome: 'sent' })).toBe(1);
    expect(sample(text, 'encanto_mail_total', { outcome: 'failed' })).toBe(1);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on 127.0.0.1 only; the public port does not', async () => {
    const port = freePort();
    const t = await createTestApp({ env: { METRICS_PORT: String(port) } });
    const server = await startMetricsServer(t.app, port);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^# HELP /m);
      const address = server.server.address();
      expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
      expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await server.close();
      await t.close();
    }
  });
});
