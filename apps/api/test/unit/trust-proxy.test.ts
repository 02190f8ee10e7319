import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { fastifyTrustProxy } from '../../src/lib/trust-proxy.ts';

const trust = (value: string | undefined) =>
  loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    for (const v of [undefined, '', 'false', '0']) expect(trust(v)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
  });

  it("'true' is one hop, a number that many", () => {
    expect(trust('true')).toEqual({ hops: 1 });
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
  });

  it('a hop count trusts the socket peer and the hops it appended, nothing further left', () => {
    const fn = fastifyTrustProxy({ hops: 2 }) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => fn('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });

  it('takes a comma list of addresses, CIDRs and proxy-addr range names', () => {
    expect(trust('10.0.0.0/8, 192.168.1.10,fd00::/8,::1,loopback')).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.10', 'fd00::/8', '::1', 'loopback'],
    });
  });

  it('refuses anything else at start-up, naming the bad entries', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', '300.1.1.1', 'fd00::/129', '10.0.0.1/8/1', '11']) {
      expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
    }
  });
});
