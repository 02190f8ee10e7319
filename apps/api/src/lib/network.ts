import ipaddr from 'ipaddr.js';

/**
 * The part of an address that stands for one subscriber: an IPv4 address, or
 * the /64 of an IPv6 one (a home or a phone gets a whole /64, so any address
 * inside it is the same subscriber). Reporter marks, registration signals and
 * visitor counts all key on it.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
