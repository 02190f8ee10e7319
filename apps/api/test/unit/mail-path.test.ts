import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiSrc, importsOf, relative, sourceFiles } from '../helpers/import-graph.ts';

/**
 * One way to send mail: code queues it with `queueMail(tx, deps, template, data, { to, accountId })`
 * (modules/mail/service.ts), in the transaction of the change that causes it; only the outbox worker
 * hands mail to the transport (SMTP or .eml files). This test reads apps/api/src and fails when
 * anything else reaches the transport or writes the outbox by hand.
 */
const transport = path.join(apiSrc, 'infra/mail/transport.ts');

/** Who may import the transport module: services.ts builds it; the worker and the metrics wrapper name its type. */
const transportImporters: Record<string, 'value' | 'type'> = {
  'services.ts': 'value',
  'modules/mail/worker.ts': 'type',
  'modules/metrics/registry.ts': 'type',
};
/** Who may touch `services.mailTransport`: services.ts, which builds it, and the plugin that starts the worker. */
const transportHolders = ['services.ts', 'plugins/background.ts'];
/** The outbox row writer: called by queueMail only. */
const outboxWriters = ['modules/mail/queries.ts', 'modules/mail/service.ts'];

/** Files whose code names `name` (an identifier, a property or a destructured binding), with the line. */
function mentions(name: string): { file: string; line: number }[] {
  const found: { file: string; line: number }[] = [];
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(name)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text === name)
        found.push({
          file: relative(file),
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('only the outbox worker sends mail', () => {
  it('the transport module is imported only where it is built, and elsewhere only for its type', () => {
    const wrong = sourceFiles().flatMap((file) =>
      importsOf(file)
        .filter((ref) => ref.target === transport || ref.target === transport.replace(/\.ts$/, ''))
        .filter((ref) => {
          const allowed = transportImporters[relative(file)];
          return !allowed || (allowed === 'type' && !ref.typeOnly);
        })
        .map((ref) => `${relative(file)}:${ref.line}`),
    );
    expect(wrong, 'queue mail with queueMail (modules/mail/service.ts); only the worker sends').toEqual([]);
  });

  it('services.mailTransport is handed to the worker and nowhere else', () => {
    const wrong = mentions('mailTransport').filter((m) => !transportHolders.includes(m.file));
    expect(wrong, 'queue mail with queueMail (modules/mail/service.ts); only the worker sends').toEqual([]);
  });

  it('the outbox is written only by queueMail, and its push rows only by queuePush (decision 0168)', () => {
    const wrong = mentions('insertMail').filter((m) => !outboxWriters.includes(m.file));
    expect(wrong, 'queue mail with queueMail (modules/mail/service.ts)').toEqual([]);
    const wrongPush = mentions('insertPush').filter((m) => !outboxWriters.includes(m.file));
    expect(wrongPush, 'queue push notices with queuePush (modules/mail/service.ts)').toEqual([]);
    const service = fs.readFileSync(path.join(apiSrc, 'modules/mail/service.ts'), 'utf8');
    expect(service.match(/insertMail\(/g)).toHaveLength(1);
    expect(service.match(/insertPush\(/g)).toHaveLength(1);
  });

  it('the checks see what they look for', () => {
    expect(mentions('mailTransport').map((m) => m.file)).toEqual(
      expect.arrayContaining(['services.ts', 'plugins/background.ts']),
    );
    expect(mentions('insertMail').map((m) => m.file)).toEqual(expect.arrayContaining(outboxWriters));
    expect(
      sourceFiles().some((file) => importsOf(file).some((ref) => ref.target === transport && !ref.typeOnly)),
    ).toBe(true);
  });
});
