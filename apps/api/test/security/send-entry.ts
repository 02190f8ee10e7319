import type { LightMyRequestResponse } from 'fastify';
import { multipartFile, noiseJpeg } from '../helpers/gallery-media.ts';
import { accessTable, resolveMake, UPLOAD } from './access-table.ts';
import { fillPath, type RouteInfo, type World } from './world.ts';

/**
 * Calls one route the way its access-table entry describes (path values, query,
 * a valid JSON body or a small real JPEG upload) with the given headers.
 */
export async function sendEntry(
  w: World,
  route: RouteInfo,
  auth: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const entry = accessTable[route.key];
  if (!entry) throw new Error(`no access-table entry for ${route.key}`);
  const params = (await resolveMake(entry.params, w)) ?? {};
  const query = await resolveMake(entry.query, w);
  const body = await resolveMake(entry.body, w);
  const headers: Record<string, string> = { ...auth };
  let payload: string | Buffer | undefined;
  if (body === UPLOAD) {
    const owner = String(params.nick ?? '');
    const file = multipartFile(await noiseJpeg(96, 96), 'foto.jpg', 'image/jpeg');
    // The profile-photo form sends the nickname as a field after the file.
    const boundary = file.headers['content-type'].split('boundary=')[1]!;
    payload = Buffer.concat([
      file.payload.subarray(0, file.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n${owner}\r\n--${boundary}--\r\n`,
      ),
    ]);
    Object.assign(headers, file.headers);
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return w.app.inject({
    method: route.method as 'GET',
    url: fillPath(route.path, params),
    ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** The `code` of a JSON error answer, if any. */
export function codeOf(res: LightMyRequestResponse): string | undefined {
  try {
    return (res.json() as { code?: string }).code;
  } catch {
    return undefined;
  }
}
