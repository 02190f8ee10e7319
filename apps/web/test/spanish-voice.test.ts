import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import ts from 'typescript';
import type { EscortCard, EscortPublic } from '@encanto/core/escorts';
import { msg } from '@encanto/core/messages';
import type { SsrSite } from '@encanto/core/ssr';
import { paths } from '../src/config/paths.ts';
import { pageRoutes } from '@encanto/core/paths';
import { prefetchPaths, render } from '../src/entry-server.tsx';

/**
 * Spanish everywhere, in one voice (decision 0070): every route of the app rendered
 * the way the server renders it, its visible text and the attributes people
 * read or hear (aria-label, placeholder, title, alt…) checked for English UI
 * words and the spec's slips; `lang` must be es-CL throughout. Pages behind a
 * sign-in render as a skeleton on the server, so their words are checked at
 * the source as well: every text and such attribute in the web app's JSX and
 * every message in packages/core. Runs in Node, where pages render exactly as
 * on the server (in a DOM environment they would take their browser paths);
 * jsdom only parses the HTML.
 */

const webSrc = path.resolve(import.meta.dirname, '../src');
const site: SsrSite = {
  name: 'Encanto',
  url: 'https://encanto.example',
  supportEmail: 'soporte@encanto.example',
};

/** English UI words that must never reach a person (matched as whole words, in any case). */
const englishWords = [
  'home',
  'back',
  'add',
  'insert',
  'password',
  'passwords',
  'choose file',
  'no file chosen',
  'not found',
  'page',
  'submit',
  'upload',
  'loading',
  'search',
  'login',
  'log in',
  'logout',
  'log out',
  'sign in',
  'sign up',
  'register',
  'delete',
  'edit',
  'save',
  'cancel',
  'close',
  'next',
  'previous',
  'settings',
  'profile',
  'welcome',
  'send',
  'click',
  'browse',
  'show',
  'hide',
  'remove',
  'continue',
  'confirm',
  'select',
  'update',
  'download',
  'favorites',
  'gallery',
  'backend',
  'the',
  'you',
  'your',
  'with',
  'please',
  'this',
];
/** The spec's Spanish slips, corrected in the UI (field names such as `legenda` keep their names). */
const slips = [
  'Ultimas',
  'Legenda',
  'Sobre mi',
  'Recuperar Password',
  'región del Norte',
  'región del Central',
  'región del Sur',
  'No hay usuarios',
];

/** One voice, tú: usted imperatives that slipped into some texts (subjunctives like 'verifique' are fine). */
const ustedForms = [
  'usted',
  'ingrese',
  'intente',
  'seleccione',
  'corrija',
  'elija',
  'escriba',
  'presione',
  'haga clic',
  'complete todos',
];

const boundary = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
const englishPatterns = englishWords.map((w) => [w, boundary(w)] as const);

/** The English words and slips in one text, as 'word: «text»' lines. */
function problems(text: string, where: string): string[] {
  const found: string[] = [];
  for (const [word, pattern] of englishPatterns)
    if (pattern.test(text)) found.push(`${where}: English "${word}" in «${text.trim()}»`);
  for (const slip of slips)
    if (boundary(slip).test(text)) found.push(`${where}: slip "${slip}" in «${text.trim()}»`);
  for (const usted of ustedForms)
    if (boundary(usted).test(text)) found.push(`${where}: usted "${usted}" in «${text.trim()}»`);
  return found;
}

/** Attributes people read or hear. */
const readAttributes = ['aria-label', 'aria-description', 'aria-valuetext', 'placeholder', 'title', 'alt'];

/** What a person sees or hears of a rendered page: text nodes, read attributes, title and description. */
function readableText(html: string, head: string): { texts: string[]; langs: string[]; fileInputs: number } {
  const dom = new JSDOM(`<!doctype html><html><head>${head}</head><body>${html}</body></html>`);
  const doc = dom.window.document;
  const texts: string[] = [];
  const walker = doc.createTreeWalker(doc.body, dom.window.NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(parent.tagName)) continue;
    if (node.textContent?.trim()) texts.push(node.textContent);
  }
  for (const el of doc.body.querySelectorAll('*'))
    for (const name of readAttributes) {
      const value = el.getAttribute(name);
      if (value?.trim()) texts.push(value);
    }
  const title = doc.querySelector('title')?.textContent;
  if (title) texts.push(title);
  for (const meta of doc.querySelectorAll('meta[name="description"], meta[property^="og:"][content]'))
    if (!meta.getAttribute('property')?.match(/og:(url|image|type|site_name|locale)/))
      texts.push(meta.getAttribute('content') ?? '');
  const langs = [...doc.querySelectorAll('[lang]')].map((el) => el.getAttribute('lang') ?? '');
  // A native file input shows the browser's own 'Choose File' / 'No file chosen'.
  const fileInputs = doc.querySelectorAll('input[type="file"]:not(.file-pick-input)').length;
  return { texts, langs, fileInputs };
}

const card: EscortCard = {
  nickname: 'camila',
  apellido: 'Camila',
  edad: 27,
  genero: 'Femenino',
  ciudad: 'Santiago',
  url: '/assets/avatars/femenino.svg',
  srcset: '',
  estado: 'disponible',
};
const publicCard: EscortPublic = {
  ...card,
  fotos_verificadas: true,
  medidas: '90/60/90',
  legenda: 'Hola, soy Camila.',
  fono: '912345678',
  autorizado: 'aprobado',
  actualizado: '2026-11-20T12:00:00.000Z',
  tarifa_desde: 80000,
  servicios: ['cena_evento', 'masajes'],
  atiende: 'ambos',
  horario: 'Lunes a viernes de 18:00 a 02:00',
  idiomas: ['espanol', 'ingles'],
};

/** Every route of the app, with sample values for its parameters; the last one is unknown (404). */
const urls = [
  paths.home,
  paths.escorts,
  '/Escort/Santiago',
  '/Escort/General-Lagos',
  '/Escort/La-Serena',
  '/Escort/region/metropolitana-de-santiago',
  '/escorts/santiago',
  '/escorts/linares',
  '/escorts/gotham',
  paths.card('camila'),
  paths.card('nadie'),
  paths.ownCard('camila'),
  paths.clientCard('juan'),
  paths.info,
  paths.support,
  paths.login,
  paths.clientLogin,
  paths.escortLogin,
  paths.adminLogin,
  '/Admin',
  paths.register,
  paths.registerClient,
  paths.registerEscort,
  paths.registered,
  paths.forgotClient,
  paths.forgotEscort,
  paths.recoverClient,
  paths.recoverEscort,
  '/cliente/resetear-pass/abc123',
  '/usuario/resetear-pass/abc123',
  paths.notMe('abc123'),
  paths.photoLookAlike('abc123abc123abc123abc123'),
  paths.clientProfile,
  paths.clientAccount,
  '/mi-cuenta',
  paths.meeting('abc123'),
  paths.unsubscribe,
  paths.adminProfile('camila'),
  paths.escortHome,
  paths.escortProfile,
  paths.toRate,
  paths.statistics,
  paths.touring,
  paths.escortAccount,
  paths.requests,
  paths.myMeetings,
  paths.pending,
  paths.uploadDocClient,
  paths.uploadDocEscort,
  paths.statusChanged,
  paths.changeCity,
  paths.rentals,
  paths.rentalsCity(),
  paths.rentalsCity('Santiago'),
  paths.photos,
  paths.favorites,
  paths.savedSearches,
  paths.acceptedClients,
  paths.adminPanel,
  paths.adminEscorts,
  paths.adminClients,
  '/pendientes/auditoria',
  paths.adminReports,
  paths.adminRectifications,
  paths.adminPhotoChecks,
  paths.adminSignals,
  paths.adminAlerts,
  paths.adminAttendance,
  paths.deleteAccount,
  paths.adminProfile('camila'),
  paths.myMeetings,
  paths.requests,
  paths.meeting('00000000-0000-4000-8000-000000000001'),
  `${paths.unsubscribe}?token=abc`,
  `${paths.contactConfirm}?token=abc123abc123`,
  `${paths.contactRefuse}?t=abc123abc123`,
  '/esto-no-existe',
];

/** What the API would answer to the page's prefetches: sample escorts, and a 404 (no entry) for 'nadie'. */
function prefetched(url: string): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const apiPath of prefetchPaths(url)) {
    if (apiPath.startsWith('/usuario/publico/camila')) data[apiPath] = publicCard;
    else if (apiPath.startsWith('/usuario/publico/')) continue;
    else data[apiPath] = [card, { ...card, nickname: 'valentina', apellido: 'Valentina', edad: 31 }];
  }
  return data;
}

/**
 * Route paths the app declares: the path table's patterns (app.tsx and the routes.tsx files mount
 * them, test/path-table.test.ts checks it) and any literal `path="…"` left in the route files.
 */
function declaredRoutes(): string[] {
  const files = [path.join(webSrc, 'app.tsx')];
  for (const feature of fs.readdirSync(path.join(webSrc, 'features'))) {
    const routes = path.join(webSrc, 'features', feature, 'routes.tsx');
    if (fs.existsSync(routes)) files.push(routes);
  }
  const literals = files.flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(/path="([^"]+)"/g)].map((m) => m[1]!),
  );
  return [...pageRoutes.map((page) => page.pattern), ...literals];
}

describe('every server-rendered page is in Spanish, in one voice', () => {
  it('the test renders every route the app declares', () => {
    const missing = declaredRoutes()
      .filter((route) => route !== '*')
      .filter((route) => {
        const pattern = new RegExp(`(^|/)${route.replace(/:[^/]+/g, '[^/]+')}$`, 'i');
        return !urls.some((u) => pattern.test(u.split(/[?#]/)[0]!));
      });
    expect(missing).toEqual([]);
  });

  it('the HTML template declares lang="es-CL"', () => {
    const template = fs.readFileSync(path.resolve(webSrc, '../index.html'), 'utf8');
    expect(/<html[^>]*\slang="([^"]*)"/.exec(template)?.[1]).toBe('es-CL');
  });

  it.each(urls)('%s has no English UI word, no slip and no lang other than es-CL', async (url) => {
    const result = await render(url, site, prefetched(url));
    const { texts, langs, fileInputs } = readableText(result.html, result.head);
    expect(texts.length, 'the page has text').toBeGreaterThan(0);
    expect(texts.flatMap((t) => problems(t, url))).toEqual([]);
    expect(langs.filter((l) => l !== 'es-CL')).toEqual([]);
    expect(fileInputs, 'native file inputs').toBe(0);
    if (url === '/esto-no-existe') {
      expect(result.status).toBe(404);
      expect(texts).toContain('Página no encontrada');
    }
  });

  it('the check itself catches what it looks for', () => {
    const page = readableText(
      '<p lang="en">The page you are looking for was not found.</p><a href="/">Back to Home</a>' +
        '<input type="file"><button aria-label="Add">+</button><h1>Ultimas Escort Registradas!</h1>',
      '<title>Recuperar Password</title>',
    );
    const found = page.texts.flatMap((t) => problems(t, 'x'));
    for (const word of ['the', 'page', 'not found', 'back', 'home', 'add', 'Ultimas', 'Recuperar Password'])
      expect(
        found.some((f) => f.includes(`"${word}"`)),
        word,
      ).toBe(true);
    expect(page.langs).toEqual(['en']);
    expect(page.fileInputs).toBe(1);
    // Spanish words that contain an English one are not English.
    expect(problems('Cancelar, Editar, Menú, Guardar, páginas, Región del Maule', 'x')).toEqual([]);
    expect(problems('Elige una región del Central', 'x')).toHaveLength(1);
    expect(problems('Ocurrió un error. Intente nuevamente.', 'x')).toHaveLength(1);
  });
});

/** Every text a component can put on screen, read from the source: JSX text, read attributes, string children. */
function sourceTexts(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: { text: string; line: number }[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  const literalText = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … ');
    if (ts.isJsxExpression(node)) return literalText(node.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && node.text.trim()) add(node, node.text);
    else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = literalText(node.expression);
      if (text) add(node, text);
    } else if (ts.isJsxAttribute(node) && readAttributes.includes(node.name.getText(source))) {
      const text = literalText(node.initializer);
      if (text) add(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(full);
    return e.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('every screen, signed in or not, is in Spanish at the source', () => {
  it('no JSX text or read attribute in apps/web/src has an English UI word or a slip', () => {
    const found = tsxFiles(webSrc).flatMap((file) =>
      sourceTexts(file).flatMap(({ text, line }) => problems(text, `${path.relative(webSrc, file)}:${line}`)),
    );
    expect(found).toEqual([]);
  });

  it('no file input is left native: each is the Spanish FilePicker or a hidden input behind a label', () => {
    const native = tsxFiles(webSrc).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(/<input[^>]*type="file"[^>]*>/gs)]
        .filter((m) => !/className="[^"]*(file-pick-input|visually-hidden)/.test(m[0]))
        .map(() => path.relative(webSrc, file));
    });
    expect(native).toEqual([]);
  });

  it('no message in packages/core has an English UI word or a slip', () => {
    // Templates are filled with neutral values: a text, a number or, for the mail templates, an object of them.
    const sample = { nickname: 'X', siteName: 'X', days: 3, deletionDate: '2026-01-01', loginUrl: 'X' };
    const fill = (value: unknown): string => {
      if (typeof value !== 'function') return String(value);
      const template = value as (...args: unknown[]) => string;
      return template.length === 1 && /\bv\./.test(template.toString())
        ? template(sample)
        : template('X', 'Y', 3);
    };
    const texts = Object.entries(msg).map(([key, value]) => [key, fill(value)] as const);
    expect(texts.flatMap(([key, text]) => problems(text, `msg.${key}`))).toEqual([]);
  });
});
