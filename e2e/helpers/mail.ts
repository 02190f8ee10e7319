import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from './server.ts';

/**
 * The newest mail to an address whose text matches `pattern`, read from the e2e server's outbox (.eml,
 * quoted-printable), waiting up to 10 s for the outbox worker. Returns the pattern's match.
 */
export async function mailMatching(to: string, pattern: RegExp): Promise<RegExpExecArray> {
  const outbox = path.join(dataDir(), 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
    for (const file of files.reverse()) {
      const raw = await fs.readFile(path.join(outbox, file), 'utf8');
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      const match = pattern.exec(Buffer.from(text, 'latin1').toString('utf8'));
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
