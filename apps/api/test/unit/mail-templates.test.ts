import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPage } from '@encanto/core/paths';
import { mailTemplates } from '../../src/mail-templates/index.ts';
import { renderMail, type MailSite, type MailTemplate } from '../../src/mail-templates/mail.ts';
import { apiSrc } from '../helpers/import-graph.ts';

/**
 * The mail catalogue (apps/api/src/mail-templates): every mail is a template file listed in index.ts,
 * and each renders from its sample data to a complete Spanish mail whose every link is an absolute
 * address of the site that opens a page of the path table (packages/core/src/paths.ts).
 */
const site: MailSite = { name: 'Encanto', url: 'https://encanto.example' };
const folder = path.join(apiSrc, 'mail-templates');
/** Building blocks, not mails. */
const notTemplates = new Set(['mail.ts', 'index.ts', 'contact-links.ts', 'notification-footer.ts']);

const isTemplate = (value: unknown): value is MailTemplate<unknown> =>
  typeof value === 'object' && value !== null && 'samples' in value && 'html' in value && 'name' in value;

const rendered = mailTemplates.flatMap((template) =>
  Object.entries(template.samples).map(([sample, data]) => ({
    id: `${template.name}/${sample}`,
    template,
    data,
    mail: renderMail(template, data, site),
    links: template.links(data, site),
  })),
);

// Words of the site's Spanish, and English words that would show a text was left untranslated.
const spanish = /\b(hola|tu|tus|de|la|el|en|que|para|con|cuenta)\b/i;
const english = /\b(the|your|you|click|here|account|please|hello|link|password)\b/i;
const broken = /\b(undefined|null|NaN)\b|\[object Object\]|\$\{/;
/** The words a person reads in the HTML part: tags and attributes dropped, entities undone. */
const visible = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<\/?(a|strong)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('the mail catalogue', () => {
  it('lists every template file once, under its own name', async () => {
    const files = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.ts') && !notTemplates.has(f))
      .sort();
    const found: string[] = [];
    for (const file of files) {
      const exported = Object.values(await import(path.join(folder, file))).filter(isTemplate);
      expect(exported, `${file} exports one template`).toHaveLength(1);
      const template = exported[0]!;
      expect(`${template.name}.ts`, 'the file is named after its template').toBe(file);
      expect(mailTemplates, `${file} is listed in mail-templates/index.ts`).toContain(template);
      found.push(template.name);
    }
    expect(mailTemplates.map((t) => t.name).sort()).toEqual(found);
  });

  it.each(mailTemplates.map((t) => [t.name, t] as const))(
    '%s: its samples are valid data and it says what it is for',
    (_name, template) => {
      expect(template.description.length).toBeGreaterThan(10);
      expect(Object.keys(template.samples).length).toBeGreaterThan(0);
      for (const data of Object.values(template.samples)) expect(template.schema.parse(data)).toEqual(data);
    },
  );
});

describe.each(rendered)('$id', ({ template, data, mail, links }) => {
  it('has a subject, a text and an HTML part, in Spanish, with nothing missing', () => {
    expect(mail.subject.trim().length).toBeGreaterThan(5);
    expect(mail.subject).not.toContain('\n');
    expect(mail.text.trim().length).toBeGreaterThan(20);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="es-CL">/);
    expect(mail.html).toContain(`<title>`);
    for (const part of [mail.subject, mail.text, visible(mail.html)]) {
      expect(part).not.toMatch(broken);
      expect(part).not.toMatch(english);
    }
    expect(mail.text).toMatch(spanish);
    expect(visible(mail.html)).toMatch(spanish);
    expect(template.kind(data)).toMatch(/^[a-z]+$/);
  });

  it('says the same in both parts: every paragraph of the text is in the HTML', () => {
    const html = visible(mail.html).replace(/\s+/g, ' ');
    for (const para of mail.text.split('\n\n'))
      for (const line of para.split('\n')) {
        // A link reads as its label in the HTML and as its address in the text.
        const words = line.replace(/https?:\/\/\S+/g, '').trim();
        if (words && words !== '—') expect(html).toContain(words.replace(/\s+/g, ' '));
      }
  });

  it('links only to pages of the path table, absolute to SITE_URL, the same in both parts', () => {
    const inText = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(inText).toEqual(links);
    for (const href of links) {
      expect(href.startsWith(`${site.url}/`), href).toBe(true);
      const url = new URL(href);
      expect(matchPage(url.pathname), `${href} opens a page of the path table`).not.toBeNull();
      expect(mail.html).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    }
    for (const value of Object.values(mail.headers))
      for (const [, href] of value.matchAll(/<([^>]+)>/g))
        expect(href!.startsWith(`${site.url}/api/`)).toBe(true);
  });
});

describe('discretion', () => {
  it('notification mails name no person, no meeting and nothing explicit, in any part', () => {
    const notifications = rendered.filter((r) => r.template.name === 'notification');
    expect(notifications.length).toBeGreaterThan(1);
    for (const { mail } of notifications) {
      const words = [mail.subject, mail.text.replace(/https?:\/\/\S+/g, ''), visible(mail.html)]
        .join('\n')
        .toLowerCase();
      for (const word of ['escort', 'sexo', 'cita', 'camila', 'juan']) expect(words).not.toContain(word);
      expect(mail.text.split('\n')[0]).toBe('Tienes una novedad en tu cuenta de Encanto.');
      expect(mail.headers['List-Unsubscribe']).toMatch(/^<https:\/\/encanto\.example\/api\//);
    }
  });

  it('data is text in the HTML part, never markup', () => {
    const template = mailTemplates.find((t) => t.name === 'photo-check-rejected')!;
    const html = template.html({ nickname: '<b>x</b>', motivo: '<script>alert(1)</script>' }, site);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
