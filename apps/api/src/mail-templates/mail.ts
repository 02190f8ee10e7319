import type { z } from 'zod';

/**
 * The pieces every mail template is built from. A template (one file per mail in this folder, all
 * listed in index.ts) says what the mail needs (a zod schema), gives sample data for previews, and
 * writes its subject and body once; the body is a list of paragraphs from which both the plain text
 * and the HTML part are rendered, so the two never say different things. Links are built from the
 * path table (@encanto/core/paths) on the site's address. Templates read no clock, no database and
 * no configuration beyond the site: the caller passes everything as data, and `queueMail`
 * (modules/mail/service.ts) renders and queues the mail in the caller's transaction.
 */

/** The site a mail speaks for: its name and public address (SITE_NAME, SITE_URL). */
export interface MailSite {
  name: string;
  url: string;
}

/** A link: the plain text shows the address, the HTML part shows the label as the link's words. */
export interface MailLink {
  readonly href: string;
  readonly label: string;
}
/** Words that matter (a code to type): bold in the HTML part, as they are in the text. */
export interface MailStrong {
  readonly strong: string;
}
export type Inline = string | MailLink | MailStrong;
/** A line: a string, a link alone (shown as a button), or a run of words and links. */
export type Line = Inline | readonly Inline[];
export interface Paragraph {
  readonly lines: readonly Line[];
  /** Small print after a rule ("—" in the text): why this mail came and how to stop it. */
  readonly footer?: boolean;
}

export const p = (...lines: Line[]): Paragraph => ({ lines });
export const footer = (...lines: Line[]): Paragraph => ({ lines, footer: true });
export const link = (href: string, label: string): MailLink => ({ href, label });
export const strong = (text: string): MailStrong => ({ strong: text });

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailTemplate<D = unknown> {
  /** File name and preview name: 'recovery-code'. */
  readonly name: string;
  /** What the mail is for, in a line (the preview index shows it). */
  readonly description: string;
  /** The data the mail needs. */
  readonly schema: z.ZodType<D>;
  /** Named sample data for previews and tests; each renders a complete mail. */
  readonly samples: Readonly<Record<string, D>>;
  /** The outbox kind: 'sistema' for account mail, a notification kind, or 'seguridad'. */
  kind(data: D): string;
  subject(data: D, site: MailSite): string;
  text(data: D, site: MailSite): string;
  html(data: D, site: MailSite): string;
  /** Extra headers (List-Unsubscribe for mail a person can turn off). */
  headers(data: D, site: MailSite): Record<string, string>;
  /** Every link of the body, for the tests that follow them. */
  links(data: D, site: MailSite): string[];
}

interface TemplateSpec<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  samples: Record<string, z.infer<S>>;
  kind?: string | ((data: z.infer<S>) => string);
  subject: (data: z.infer<S>, site: MailSite) => string;
  body: (data: z.infer<S>, site: MailSite) => Paragraph[];
  headers?: (data: z.infer<S>, site: MailSite) => Record<string, string>;
}

/** A template from its subject and body: the text and HTML renderings come from the same paragraphs. */
export function defineMail<S extends z.ZodType>(spec: TemplateSpec<S>): MailTemplate<z.infer<S>> {
  const kind = spec.kind ?? 'sistema';
  return {
    name: spec.name,
    description: spec.description,
    schema: spec.schema as z.ZodType<z.infer<S>>,
    samples: spec.samples,
    kind: (data) => (typeof kind === 'string' ? kind : kind(data)),
    subject: spec.subject,
    text: (data, site) => renderText(spec.body(data, site)),
    html: (data, site) => renderHtml(spec.subject(data, site), spec.body(data, site)),
    headers: (data, site) => spec.headers?.(data, site) ?? {},
    links: (data, site) =>
      spec
        .body(data, site)
        .flatMap((para) => para.lines.flatMap((line) => inlines(line)))
        .filter((part): part is MailLink => typeof part === 'object' && 'href' in part)
        .map((l) => l.href),
  };
}

/** Subject, text, HTML and headers of one mail. */
export function renderMail<D>(template: MailTemplate<D>, data: D, site: MailSite): RenderedMail {
  return {
    subject: template.subject(data, site),
    text: template.text(data, site),
    html: template.html(data, site),
    headers: template.headers(data, site),
  };
}

const inlines = (line: Line): readonly Inline[] => (Array.isArray(line) ? line : [line as Inline]);

const plain = (part: Inline) => (typeof part === 'string' ? part : 'href' in part ? part.href : part.strong);

/** Paragraphs apart by a blank line, lines by a line break, links as their address. */
export function renderText(body: readonly Paragraph[]): string {
  return body
    .map((para) => {
      const lines = para.lines.map((line) => inlines(line).map(plain).join(''));
      return (para.footer ? ['—', ...lines] : lines).join('\n');
    })
    .join('\n\n');
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// Plain and quiet: system fonts, dark text on white, one wine accent for the main link (contrast
// above 7:1), nothing that names the site's subject or loads from elsewhere (no images, no fonts).
const style = {
  body: 'margin:0;padding:0;background:#f4f4f5;',
  card: "max-width:560px;margin:0 auto;padding:24px 20px;background:#ffffff;color:#1f1f23;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;",
  p: 'margin:0 0 16px;',
  small: 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#55555c;',
  rule: 'border:0;border-top:1px solid #e4e4e7;margin:24px 0 16px;',
  button:
    'display:inline-block;padding:12px 20px;background:#7a1f3d;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;',
  inlineLink: 'color:#7a1f3d;text-decoration:underline;',
};

function inlineHtml(part: Inline): string {
  if (typeof part === 'string') return escapeHtml(part);
  if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
  return `<a href="${escapeHtml(part.href)}" style="${style.inlineLink}">${escapeHtml(part.label)}</a>`;
}

function lineHtml(line: Line): string {
  // A link on a line of its own is the paragraph's action: a button.
  if (!Array.isArray(line) && typeof line === 'object' && 'href' in line)
    return `<a href="${escapeHtml(line.href)}" style="${style.button}">${escapeHtml(line.label)}</a>`;
  return inlines(line).map(inlineHtml).join('');
}

/** A single-column HTML part with inline styles (mail clients drop <style>), lang es-CL. */
export function renderHtml(subject: string, body: readonly Paragraph[]): string {
  const main = body.filter((para) => !para.footer);
  const small = body.filter((para) => para.footer);
  const paragraphs = [
    ...main.map((para) => `<p style="${style.p}">${para.lines.map(lineHtml).join('<br>\n')}</p>`),
    ...(small.length ? [`<hr style="${style.rule}">`] : []),
    ...small.map((para) => `<p style="${style.small}">${para.lines.map(lineHtml).join('<br>\n')}</p>`),
  ];
  return [
    '<!doctype html>',
    '<html lang="es-CL">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    `<body style="${style.body}">`,
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="es-CL" style="${style.card}">`,
    ...paragraphs,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
