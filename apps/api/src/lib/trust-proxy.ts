import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which hops in front of the app may write `X-Forwarded-For`: none (`false`),
 * the N nearest hops, or proxies at these addresses/ranges.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's named ranges, accepted beside addresses and CIDRs. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset, empty, `false` or `0` trusts nobody; `true` is one hop
 * (the one proxy in front: what "behind a load balancer" almost always means);
 * a number is that many hops; anything else is a comma list of proxy addresses
 * or CIDRs (`10.0.0.0/8,192.168.1.10`).
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return { hops: 1 };
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: at most 10 hops' });
      return { hops };
    }
    const addresses = value.split(',').map((s) => s.trim());
    const bad = addresses.filter((a) => !validAddress(a));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: not a hop count, address or CIDR: ${bad.join(', ')}`,
      });
    }
    return { addresses };
  });

/**
 * The value for Fastify's `trustProxy`. A hop count becomes a function: Fastify
 * 5 fails a bare number closed (trusts nothing), so `(address, i) => i < hops`
 * trusts the socket peer and the hops - 1 entries it appended, and the client's
 * address is the entry the outermost trusted proxy wrote, never the leftmost,
 * client-written one.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return setting.addresses;
}
