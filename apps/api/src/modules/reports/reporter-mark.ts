import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { networkOf } from '../../lib/network.ts';

/**
 * Whether two reports come from the same reporter, without storing who the
 * reporter is. A report keeps a mark: a random salt and the HMAC-SHA256, under
 * that salt, of the profile and the reporter's network. A later report from
 * the same network recomputes the HMAC with each earlier report's salt. No
 * address is stored; the profile in the HMAC keeps marks of reports about two
 * profiles unlinkable; marks are erased 24 h after the report.
 */

const digest = (salt: Buffer, escortId: string, ip: string) =>
  createHmac('sha256', salt)
    .update(`${escortId}\n${networkOf(ip)}`)
    .digest();

export function newReporterMark(escortId: string, ip: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}.${digest(salt, escortId, ip).toString('base64url')}`;
}

export function sameReporterMark(mark: string, escortId: string, ip: string): boolean {
  const [salt, hmac] = mark.split('.');
  if (!salt || !hmac) return false;
  const expected = Buffer.from(hmac, 'base64url');
  const actual = digest(Buffer.from(salt, 'base64url'), escortId, ip);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
