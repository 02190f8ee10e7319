import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { limits } from '@encanto/core/constants';
import {
  createRemoteImageFetcher,
  type RemoteImageFetcher,
  type RemoteImageOptions,
} from '../../src/infra/media/remote-image.ts';

/**
 * Tests have no network: this server on 127.0.0.1 plays "the internet" for
 * profile photos given as links. An app built with `loopbackImages()` may
 * fetch from it; an app with the default fetcher refuses it like any other
 * private address.
 *
 *   /foto.jpg        a phone photo with camera and GPS EXIF (unique bytes per request)
 *   /pagina.html     an HTML page
 *   /grande.png      more bytes than a profile photo may have, with Content-Length
 *   /grande-stream   the same without Content-Length (chunked)
 *   /redir/N         N+1 redirects ending at /foto.jpg (N = 0 is one redirect)
 *   /a-privada       a redirect to 10.0.0.1 (must never be followed)
 *   /a-metadatos     a redirect to the cloud metadata address 169.254.169.254
 *   /a-rota          a redirect whose Location is not an address
 *   /lenta           sends headers, then never the body
 *   /no-existe       404
 */
export interface ImageServer {
  origin: string;
  url(path: string): string;
  /** Paths requested, in order. */
  hits: string[];
  close(): Promise<void>;
}

export async function phonePhoto(): Promise<Buffer> {
  const noise = randomBytes(48 * 48 * 3);
  return sharp(noise, { raw: { width: 48, height: 48, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Secreto 9', Copyright: 'Persona Real' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 27/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '70/1 39/1 0/1',
      },
    })
    .toBuffer();
}

export async function startImageServer(): Promise<ImageServer> {
  const hits: string[] = [];
  const tooBig = Buffer.alloc(limits.profilePhotoMaxBytes + 1024, 1);
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const redirect = (to: string) => res.writeHead(302, { location: to }).end();
    const redir = /^\/redir\/(\d+)$/.exec(path);
    if (redir) return redirect(Number(redir[1]) > 0 ? `/redir/${Number(redir[1]) - 1}` : '/foto.jpg');
    switch (path) {
      case '/foto.jpg':
        return void phonePhoto().then((b) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(b));
      case '/pagina.html':
        return res
          .writeHead(200, { 'content-type': 'image/png' })
          .end('<!doctype html><html><body><script>alert(1)</script></body></html>');
      case '/grande.png':
        return res
          .writeHead(200, { 'content-type': 'image/png', 'content-length': tooBig.length })
          .end(tooBig);
      case '/grande-stream':
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < tooBig.length; i += 64 * 1024) res.write(tooBig.subarray(i, i + 64 * 1024));
        return res.end();
      case '/a-privada':
        return redirect('http://10.0.0.1/foto.jpg');
      case '/a-metadatos':
        return redirect('http://169.254.169.254/latest/meta-data/');
      case '/a-rota':
        return redirect('http://[::1');
      case '/lenta':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.write(Buffer.alloc(10));
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The production fetcher with the test-only loopback allowance (and a short timeout for /lenta). */
export function loopbackImages(options: RemoteImageOptions = {}): { remoteImages: RemoteImageFetcher } {
  return { remoteImages: createRemoteImageFetcher({ allowLoopback: true, timeoutMs: 1500, ...options }) };
}
