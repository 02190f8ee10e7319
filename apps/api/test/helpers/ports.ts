import fs from 'node:fs';

/** The local TCP ports in use on this machine, listening or connected (Linux: /proc/net/tcp and tcp6). */
function portsInUse(): Set<number> {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n').slice(1)) {
      const [, local] = line.trim().split(/\s+/);
      if (local) ports.add(parseInt(local.split(':').pop()!, 16));
    }
  }
  return ports;
}

/**
 * A port in 20000-32767 that nothing uses now, for a server a test or bench starts in a child process
 * (which cannot hand back an OS-chosen port before it prints it). Below Linux's default range for
 * outgoing connections (32768 up), which could take the port between the pick and the bind; random
 * within the range so parallel runs rarely pick the same one; the machine's own services (RabbitMQ's
 * 25672 here) are skipped.
 */
export function freePort(): number {
  const taken = portsInUse();
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12768);
    if (!taken.has(port)) return port;
  }
}
