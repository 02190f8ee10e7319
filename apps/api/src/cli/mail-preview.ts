import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mailTemplates } from '../mail-templates/index.ts';
import { renderMail, type MailSite } from '../mail-templates/mail.ts';

/**
 * `npm run mail:preview [-- <dir>]`: every mail of the catalogue (apps/api/src/mail-templates) with
 * each of its samples, as files a person can open: <name>.<sample>.html and .txt (subject and headers
 * on top of the text), and index.html linking them all. Written to mail-preview/ at the repository's
 * root (git ignores it) unless a folder is given. SITE_NAME and SITE_URL as the server reads them.
 */
const USAGE = 'Usage: npm run mail:preview [-- <dir>]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: 'boolean', short: 'h' } },
});
if (values.help || positionals.length > 1) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = path.resolve(positionals[0] ?? path.join(root, 'mail-preview'));
const site: MailSite = {
  name: process.env.SITE_NAME || 'Encanto',
  url: (process.env.SITE_URL || 'http://localhost:3000').replace(/\/$/, ''),
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

await fs.mkdir(dir, { recursive: true });
const rows: string[] = [];
let files = 0;
for (const template of mailTemplates) {
  for (const [sample, data] of Object.entries(template.samples)) {
    const mail = renderMail(template, data, site);
    const base = `${template.name}.${sample}`;
    const headers = Object.entries(mail.headers).map(([k, v]) => `${k}: ${v}`);
    await fs.writeFile(path.join(dir, `${base}.html`), mail.html);
    await fs.writeFile(
      path.join(dir, `${base}.txt`),
      [`Subject: ${mail.subject}`, ...headers, '', mail.text, ''].join('\n'),
    );
    files += 2;
    rows.push(
      `<tr><td>${escape(template.name)}</td><td>${escape(sample)}</td><td>${escape(mail.subject)}</td>` +
        `<td><a href="${base}.html">HTML</a> · <a href="${base}.txt">texto</a></td></tr>`,
    );
  }
}
await fs.writeFile(
  path.join(dir, 'index.html'),
  `<!doctype html>
<html lang="es-CL">
<head><meta charset="utf-8"><title>Correos de ${escape(site.name)}</title></head>
<body style="font-family:system-ui,sans-serif;margin:24px;">
<h1>Correos de ${escape(site.name)}</h1>
<table cellpadding="6">
<thead><tr><th align="left">Plantilla</th><th align="left">Ejemplo</th><th align="left">Asunto</th><th></th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`,
);
console.log(`${mailTemplates.length} mails, ${rows.length} samples: ${files} files and index.html in ${dir}`);
console.log(`Open ${path.join(dir, 'index.html')}`);
