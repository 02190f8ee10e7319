import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteImageFetcher, isPublicAddress } from '../../src/infra/media/remote-image.ts';
import { startImageServer, type ImageServer } from '../helpers/image-server.ts';

let images: ImageServer;
beforeAll(async () => {
  images = await startImageServer();
});
afterAll(() => images.close());

/** A DNS stand-in: every name answers `addresses` (never sends a packet). */
function dns(addresses: string[]): LookupFunction {
  const answers: LookupAddress[] = addresses.map((address) => ({
    address,
    family: address.includes(':') ? 6 : 4,
  }));
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    // A single-answer lookup gets the last one, the private address in the rebinding case.
    if (options.all) cb(null, answers);
    else cb(null, answers.at(-1)!.address, answers.at(-1)!.family);
  }) as LookupFunction;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: { code?: string }) => err.code,
  );

describe('which addresses count as public', () => {
  it('only public unicast; an IPv4-mapped IPv6 address is judged as its IPv4', () => {
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.251',
      '192.0.2.1',
      '198.18.0.1',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('10.1.2.3', true)).toBe(false);
  });
});

describe('DNS answers are checked where the connection is made', () => {
  it('a name answering a public and a private address (rebinding) is refused before connecting', async () => {
    const fetcher = createRemoteImageFetcher({ lookup: dns(['93.184.216.34', '10.0.0.7']) });
    expect(await refusal(fetcher.fetch('http://rebind.example.cl/foto.jpg'))).toBe('URL_PRIVATE');
    const metadata = createRemoteImageFetcher({ lookup: dns(['169.254.169.254']) });
    expect(await refusal(metadata.fetch('https://fotos.example.cl/a.jpg'))).toBe('URL_PRIVATE');
  });

  it('the connection goes to the address the check saw (loopback allowed only by the test switch)', async () => {
    const port = new URL(images.origin).port;
    const url = `http://fotos.example.cl:${port}/foto.jpg`;
    const lab = createRemoteImageFetcher({ allowLoopback: true, lookup: dns(['127.0.0.1']) });
    const bytes = await lab.fetch(url);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const deployed = createRemoteImageFetcher({ lookup: dns(['127.0.0.1']) });
    expect(await refusal(deployed.fetch(url))).toBe('URL_PORT');
    expect(await refusal(deployed.fetch('http://fotos.example.cl/foto.jpg'))).toBe('URL_PRIVATE');
  });
});
