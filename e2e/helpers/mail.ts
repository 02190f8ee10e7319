import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from './server.ts';

export interface OutboxMail {
  file: string;
  /** The message as written (.eml), quoted-printable decoded, as UTF-8. */
  text: string;
}

const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The mails to an address in the e2e server's outbox, oldest first (the files are named by time). */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  const outbox = path.join(dataDir(), 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
  return Promise.all(
    files.map(async (file) => ({ file, text: decoded(await fs.readFile(path.join(outbox, file), 'utf8')) })),
  );
}

/**
 * What `pick` finds in the mails to an address, once it finds something: mail is queued and sent by the
 * server's outbox worker within its poll interval, so this reads the outbox again until then (15 s).
 */
export async function waitForMail<T>(
  to: string,
  what: string,
  pick: (mails: OutboxMail[]) => T | undefined,
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = pick(await mailsTo(to));
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The newest mail to an address whose text matches `pattern`: the pattern's match. */
export function mailMatching(to: string, pattern: RegExp): Promise<RegExpExecArray> {
  return waitForMail(to, `matching ${pattern}`, (mails) =>
    mails
      .reverse()
      .map((m) => pattern.exec(m.text))
      .find((match) => match !== null),
  );
}
