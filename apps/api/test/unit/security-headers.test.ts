import { createHash } from 'node:crypto';
import { ageNoticeScript } from '@encanto/core/age-notice';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import {
  mediaOriginOf,
  registerSecurityHeaders,
  securityHeaders,
} from '../../src/plugins/security-headers.ts';

describe('static security headers', () => {
  it('are the ones @fastify/helmet sets, on routes, 404s and errors', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('x');
    });
    const expected = Object.fromEntries(await securityHeaders());
    // One inline script runs: the 18+ notice's, by its hash (decision 0141); no other.
    const notice = `'sha256-${createHash('sha256').update(ageNoticeScript).digest('base64')}'`;
    expect(expected['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' ${notice};style-src 'self';style-src-attr 'unsafe-inline';img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self';connect-src 'self';frame-src 'none';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'`,
    );
    expect(expected).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(expected['strict-transport-security']).toBeUndefined();
    for (const url of ['/ok', '/missing', '/boom']) {
      const res = await app.inject(url);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });

  it('match a per-request @fastify/helmet registration header for header', async () => {
    const plain = Fastify();
    // The same options as the app's, straight through the plugin.
    await plain.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(ageNoticeScript).digest('base64')}'`],
          styleSrc: ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'none'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
    });
    plain.get('/', async () => 'x');
    const fast = Fastify();
    await registerSecurityHeaders(fast);
    fast.get('/', async () => 'x');
    const [a, b] = await Promise.all([plain.inject('/'), fast.inject('/')]);
    const strip = (h: Record<string, unknown>) => {
      const { date: _d, ...rest } = h;
      return rest;
    };
    expect(strip(b.headers)).toEqual(strip(a.headers));
    await Promise.all([plain.close(), fast.close()]);
  });

  it('let images and videos come only from us, plus the media CDN origin when S3_PUBLIC_URL is set (decisions 0051 and 0130)', async () => {
    const directive = async (name: string, publicUrl?: string) => {
      const headers = Object.fromEntries(await securityHeaders(mediaOriginOf(publicUrl)));
      return headers['content-security-policy']!.split(';').find((d) => d.startsWith(`${name} `));
    };
    expect(await directive('img-src')).toBe("img-src 'self' data: blob:");
    expect(await directive('img-src', 'https://cdn.example.cl/fotos/')).toBe(
      "img-src 'self' data: blob: https://cdn.example.cl",
    );
    // No `https:`: a page could otherwise play a video from any host (tracking, content injected
    // through a stored link); only the configured CDN's origin is added.
    expect(await directive('media-src')).toBe("media-src 'self' blob:");
    expect(await directive('media-src', 'https://cdn.example.cl/fotos/')).toBe(
      "media-src 'self' blob: https://cdn.example.cl",
    );
    const app = Fastify();
    await registerSecurityHeaders(app, { mediaOrigin: 'https://cdn.example.cl' });
    app.get('/', async () => 'x');
    const policy = (await app.inject('/')).headers['content-security-policy'];
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.example.cl;");
    expect(policy).toContain("media-src 'self' blob: https://cdn.example.cl;");
    await app.close();
  });
});
