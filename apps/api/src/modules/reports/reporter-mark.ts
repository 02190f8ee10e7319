import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * Whether two reports come from the same reporter, without storing who the
 * reporter is. A report keeps a mark: a random salt and the HMAC-SHA256, under
 * that salt, of the profile and the reporter's network. A later report from
 * the same network recomputes the HMAC with each earlier report's salt. No
 * address is stored; the profile in the HMAC keeps marks of reports about two
 * profiles unlinkable; marks are erased 24 h after the report.
 */

/**
 * The part of an address that stands for one subscriber: an IPv4 address, or
 * the /64 of an IPv6 one (a home or a phone gets a whole /64, so any address
 * inside it is the same reporter).
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

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
