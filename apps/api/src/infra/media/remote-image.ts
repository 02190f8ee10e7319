import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { AppError, badRequest, tooLarge } from '../../errors.ts';

/**
 * Downloads a picture a person named by URL, once, on the server, so that no
 * visitor's browser ever contacts that host. The SSRF guard is
 * request-filtering-agent: its agents refuse, at connection time, an IP
 * literal or every DNS answer that is not a public unicast address
 * (loopback, private, link-local, CGNAT, multicast, unique-local, mapped,
 * NAT64, reserved...), so the address checked is the address connected to
 * and DNS rebinding has no second lookup to exploit. Redirects are followed
 * by hand (at most 3), each through the same agents.
 */
export interface RemoteImageFetcher {
  /** The body bytes of `url`, or an AppError with the Spanish reason (4xx). */
  fetch(url: string): Promise<Buffer>;
}

export interface RemoteImageOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * Test-only: a server on this machine's loopback, on any port, stands in
   * for the internet (no network in tests). Only code can set it; no setting
   * or environment variable reaches it, so a deployed server never does.
   */
  allowLoopback?: boolean;
  /** DNS stand-in for tests (a name that resolves to a given address). */
  lookup?: LookupFunction;
}

const DEFAULTS = { maxBytes: limits.profilePhotoMaxBytes, timeoutMs: 10_000, maxRedirects: 3 };
const LOOPBACK = ['127.0.0.0/8', '::1'];
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const STANDARD_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

export const privateAddress = () =>
  badRequest(msg.imageUrlPrivate, { url: msg.imageUrlPrivate }, 'URL_PRIVATE');
export const unreachable = () =>
  badRequest(msg.imageUrlUnreachable, { url: msg.imageUrlUnreachable }, 'URL_UNREACHABLE');

/** Public unicast only (an IPv4-mapped IPv6 address is judged as the IPv4 it carries). */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** http(s), no credentials, the scheme's standard port (any port on the test loopback). */
function checkedUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(msg.imageUrl, { url: msg.imageUrl });
  }
  const port = url.port || STANDARD_PORTS[url.protocol];
  if (!STANDARD_PORTS[url.protocol] || url.username || url.password)
    throw badRequest(msg.imageUrl, { url: msg.imageUrl });
  // Other ports would let anyone probe services on public hosts through this server.
  if (port !== STANDARD_PORTS[url.protocol] && !allowLoopback)
    throw badRequest(msg.imageUrlPort, { url: msg.imageUrlPort }, 'URL_PORT');
  return url;
}

type Hop = { redirect: string } | { body: Buffer };

export function createRemoteImageFetcher(options: RemoteImageOptions = {}): RemoteImageFetcher {
  const { maxBytes, timeoutMs, maxRedirects } = { ...DEFAULTS, ...options };
  const allowLoopback = options.allowLoopback === true;
  const filter = { allowIPAddressList: allowLoopback ? LOOPBACK : [], keepAlive: false };
  const agents = {
    'http:': new RequestFilteringHttpAgent(filter),
    'https:': new RequestFilteringHttpsAgent(filter),
  };

  const hop = (url: URL, signal: AbortSignal) =>
    new Promise<Hop>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.get(
        url,
        {
          agent: agents[url.protocol as 'http:' | 'https:'],
          signal,
          headers: { accept: 'image/*', 'user-agent': 'Encanto (foto de perfil)' },
          ...(options.lookup ? { lookup: options.lookup } : {}),
        },
        (res) => {
          // The agents judged the address before connecting; this re-reads the one actually connected to.
          const remote = res.socket.remoteAddress;
          if (!remote || !isPublicAddress(remote, allowLoopback)) {
            res.destroy();
            return reject(privateAddress());
          }
          const status = res.statusCode ?? 0;
          if (REDIRECTS.has(status) && res.headers.location) {
            res.resume();
            return resolve({ redirect: res.headers.location });
          }
          if (status < 200 || status >= 300) {
            res.resume();
            return reject(unreachable());
          }
          if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
            res.destroy();
            return reject(tooLarge(msg.imageUrlTooLarge));
          }
          const chunks: Buffer[] = [];
          let total = 0;
          res.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > maxBytes) {
              res.destroy();
              reject(tooLarge(msg.imageUrlTooLarge));
            } else chunks.push(chunk);
          });
          res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
          // A connection cut or timed out mid-body ends here without 'end' (a settled promise ignores it).
          res.on('close', () => reject(unreachable()));
          res.on('error', () => reject(unreachable()));
        },
      );
      request.on('error', (err) => reject(refusalOf(err)));
    });

  return {
    async fetch(raw) {
      let url = checkedUrl(raw, allowLoopback);
      const signal = AbortSignal.timeout(timeoutMs);
      for (let redirects = 0; ; redirects++) {
        const result = await hop(url, signal);
        if ('body' in result) return result.body;
        if (redirects === maxRedirects)
          throw badRequest(msg.imageUrlRedirects, { url: msg.imageUrlRedirects }, 'URL_REDIRECTS');
        let next: URL;
        try {
          next = new URL(result.redirect, url);
        } catch {
          throw unreachable();
        }
        url = checkedUrl(next.href, allowLoopback);
      }
    },
  };
}

/**
 * request-filtering-agent refuses with an Error whose text says the address
 * "is not allowed"; that is a private address. Anything else (DNS failure,
 * refused connection, TLS, timeout) is an unreachable URL. Both are refusals:
 * an unrecognised error never lets a request through.
 */
function refusalOf(err: Error): AppError {
  if (err instanceof AppError) return err;
  return /is not allowed/.test(err.message) ? privateAddress() : unreachable();
}
