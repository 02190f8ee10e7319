/**
 * Whether a push endpoint may be called (decision 0168): https, no credentials, and a host of the allowlist
 * (PUSH_HOSTS): an exact name, or `*.name` for its subdomains; the port is 443 unless the entry names one.
 * Checked when a browser subscribes and again before each send, so the server never calls an address a
 * person chose.
 */
export function pushEndpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  return hosts.some((entry) => {
    const [name, entryPort = '443'] = entry.toLowerCase().split(':') as [string, string?];
    if (entryPort !== port) return false;
    if (name.startsWith('*.')) return host.endsWith(name.slice(1)) && host.length > name.length - 1;
    return host === name;
  });
}
