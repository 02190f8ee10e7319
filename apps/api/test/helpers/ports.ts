import fs from 'node:fs';

/** The TCP ports something on this machine listens on (Linux: /proc/net/tcp and tcp6, state 0A). */
function listeningPorts(): Set<number> {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === '0A' && local) ports.add(parseInt(local.split(':').pop()!, 16));
    }
  }
  return ports;
}

/**
 * A port in 20000-39999 that nothing listens on now, for a server a test or bench starts in a child
 * process (which cannot hand back an OS-chosen port before it prints it). Random within the range so
 * parallel runs rarely pick the same one; the machine's own services (RabbitMQ's 25672 here) are skipped.
 */
export function freePort(): number {
  const taken = listeningPorts();
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    if (!taken.has(port)) return port;
  }
}
