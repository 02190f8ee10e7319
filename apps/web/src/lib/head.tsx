import { createContext, useContext, useEffect } from 'react';

export interface HeadData {
  title: string;
  description?: string;
  canonical?: string;
  robots?: string;
  image?: string;
  ogType?: string;
  jsonLd?: object[];
}

/** What a server render collects for the response: the page's head and, for 404 pages, its status. */
export interface HeadCollector {
  head?: HeadData;
  status?: number;
  /** Where a guard sends the session the server rendered for (answered with a 302). */
  redirect?: string;
}

/**
 * The server render passes a sink that records into its HeadCollector; the browser has none and sets
 * the head in an effect. Recording during render is safe here because a server render runs once per
 * request and the sink only keeps the last value it gets.
 */
export type HeadSink = (entry: HeadCollector) => void;

export const HeadContext = createContext<HeadSink | null>(null);

/** Sets the page's title, meta tags, canonical link and JSON-LD, on the server and on navigation. */
export function useHead(head: HeadData): void {
  const record = useContext(HeadContext);
  record?.({ head });
  useEffect(() => {
    document.title = head.title;
    setMeta('name', 'description', head.description);
    setMeta('name', 'robots', head.robots ?? 'index,follow');
    setMeta('property', 'og:title', head.title);
    setMeta('property', 'og:description', head.description);
    setLink('canonical', head.canonical);
  }, [head.title, head.description, head.robots, head.canonical]);
}

/** Marks the response status during server rendering (404 pages). */
export function useHttpStatus(status: number): void {
  const record = useContext(HeadContext);
  record?.({ status });
}

function setMeta(attr: 'name' | 'property', key: string, value: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!value) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = value;
}

function setLink(rel: string, href: string | undefined): void {
  let el = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!href) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = rel;
    document.head.appendChild(el);
  }
  el.href = href;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a <script> must not be able to close the tag. */
export const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Renders the collected head as HTML for the server template. */
export function renderHead(head: HeadData | undefined, siteName: string): string {
  const h = head ?? { title: siteName };
  const tags = [`<title>${escapeHtml(h.title)}</title>`];
  if (h.description) tags.push(`<meta name="description" content="${escapeHtml(h.description)}" />`);
  tags.push(`<meta name="robots" content="${escapeHtml(h.robots ?? 'index,follow')}" />`);
  if (h.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(h.canonical)}" />`);
  tags.push(`<meta property="og:site_name" content="${escapeHtml(siteName)}" />`);
  tags.push(`<meta property="og:locale" content="es_CL" />`);
  tags.push(`<meta property="og:type" content="${escapeHtml(h.ogType ?? 'website')}" />`);
  tags.push(`<meta property="og:title" content="${escapeHtml(h.title)}" />`);
  if (h.description) tags.push(`<meta property="og:description" content="${escapeHtml(h.description)}" />`);
  if (h.canonical) tags.push(`<meta property="og:url" content="${escapeHtml(h.canonical)}" />`);
  if (h.image) tags.push(`<meta property="og:image" content="${escapeHtml(h.image)}" />`);
  tags.push(`<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />`);
  tags.push(`<meta name="twitter:title" content="${escapeHtml(h.title)}" />`);
  if (h.description) tags.push(`<meta name="twitter:description" content="${escapeHtml(h.description)}" />`);
  if (h.image) tags.push(`<meta name="twitter:image" content="${escapeHtml(h.image)}" />`);
  for (const ld of h.jsonLd ?? []) tags.push(`<script type="application/ld+json">${safeJson(ld)}</script>`);
  return tags.join('\n    ');
}
