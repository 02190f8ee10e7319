import pages from './data/city-landing-pages.json' with { type: 'json' };
import { countryCode, limits, priceRange } from './constants.ts';
import type { EscortCard } from './escorts.ts';
import { pages as site } from './paths.ts';

/** One of the 56 SEO landing pages at /escorts/{slug}. */
export interface CityPage {
  slug: string;
  /** Proper name with accents, as shown. */
  city: string;
  region: string;
  /** The comuna escorts register under, where it differs from the city's usual name. */
  comuna?: string;
}

export const cityPages: readonly CityPage[] = pages as CityPage[];

const bySlug = new Map(cityPages.map((p) => [p.slug, p]));

export function findCityPage(slug: string): CityPage | undefined {
  return bySlug.get(slug.toLowerCase());
}

/** The name in the title and h1: the spec words Santiago's page as 'Santiago (Centro)'. */
export function cityHeading(page: CityPage): string {
  return page.slug === 'santiago' ? 'Santiago (Centro)' : page.city;
}

/** The page's h1: the site's name is in the title and the navbar, not repeated here. */
export function cityPageHeading(page: CityPage): string {
  return `Escort ${cityHeading(page)}`;
}

export function cityPageTitle(page: CityPage, siteName: string): string {
  return `${cityPageHeading(page)} – ${siteName}`;
}

export function cityPageDescription(page: CityPage, siteName: string): string {
  return `Escorts en ${page.city}, ${page.region}: perfiles verificados con fotos, edad y contacto directo por WhatsApp. Reserva segura sin intermediarios en ${siteName}.`;
}

/**
 * A photo's absolute URL, for structured data (JSON-LD wants one). Stored photos are paths of this site
 * (/media/…, /assets/avatars/…), which the pages use as they are; an http(s) URL is kept.
 */
export function photoUrl(url: string, siteUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (!url) return url;
  return `${siteUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Where "maduras" starts. */
const matureMinAge = 35;

/**
 * The landing's "Búsquedas frecuentes", each a link: gender and age go to this
 * page with the listing filter's parameters (`genero`, `edad_min`); the others
 * to the comuna's listing.
 */
export function frequentSearches(page: CityPage): { label: string; to: string }[] {
  const here = site.cityLanding.href(page.slug);
  return [
    { label: `Escorts trans en ${page.city}`, to: `${here}?genero=Transexual` },
    { label: `Escorts maduras en ${page.city}`, to: `${here}?edad_min=${matureMinAge}` },
    { label: `Masajes con final feliz en ${page.city}`, to: cityListingPath(page) },
    { label: `Escort en ${page.city}`, to: cityListingPath(page) },
  ];
}

export function verifiedLine(page: CityPage): string {
  return `Perfiles verificados y reserva segura sin intermediarios: contacta directamente a cada escort de ${page.city}.`;
}

export function cityFaq(page: CityPage, siteName: string): { question: string; answer: string }[] {
  return [
    {
      question: `¿Dónde encontrar escorts en ${page.city}?`,
      answer: `En ${siteName} encuentras escorts de ${page.city} con perfiles verificados, fotos, edad y contacto directo por WhatsApp, sin intermediarios.`,
    },
    {
      question: `¿Hay escorts que ofrezcan masajes en ${page.city}?`,
      answer: `Sí. Varias escorts de ${page.city} ofrecen masajes; revisa la descripción de cada perfil y coordina directamente con ella.`,
    },
  ];
}

/** Linares keeps its own descriptive section (h2 and text). */
export const linaresSection = {
  heading: 'Escorts en Linares, Región del Maule',
  paragraphs: [
    'Linares reúne perfiles de escorts independientes que atienden en la ciudad y sus alrededores. Cada perfil muestra fotos, edad, medidas y una breve descripción escrita por ella misma.',
    'Todas las cuentas pasan por una verificación de identidad antes de publicarse. El contacto es directo, por teléfono o WhatsApp, sin agencias ni intermediarios.',
  ],
};

interface LdContext {
  siteName: string;
  siteUrl: string;
  escorts: EscortCard[];
}

/** LocalBusiness, FAQPage, BreadcrumbList and an ItemList of at most 12 profiles. */
export function cityPageJsonLd(page: CityPage, { siteName, siteUrl, escorts }: LdContext): object[] {
  const canonical = `${siteUrl}${site.cityLanding.href(page.slug)}`;
  const title = cityPageTitle(page, siteName);
  const first = escorts.find((e) => e.url);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: title,
      description: cityPageDescription(page, siteName),
      url: canonical,
      ...(first ? { image: photoUrl(first.url, siteUrl) } : {}),
      priceRange,
      areaServed: page.city,
      address: {
        '@type': 'PostalAddress',
        addressLocality: page.city,
        addressRegion: page.region,
        addressCountry: countryCode,
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: cityFaq(page, siteName).map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${siteUrl}/` },
        { '@type': 'ListItem', position: 2, name: 'Escort', item: `${siteUrl}${site.escorts.href}` },
        { '@type': 'ListItem', position: 3, name: page.city, item: canonical },
      ],
    },
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: `Escorts en ${page.city}`,
      numberOfItems: Math.min(escorts.length, limits.structuredDataMaxProfiles),
      itemListElement: escorts.slice(0, limits.structuredDataMaxProfiles).map((e, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `${siteUrl}${site.card.href(e.nickname)}`,
        name: e.apellido,
        ...(e.url ? { image: photoUrl(e.url, siteUrl) } : {}),
      })),
    },
  ];
}

/** /Escort/{segment} of the listing page for a city page. */
export const cityListingPath = (page: CityPage) => site.escortsCity.href(page.comuna ?? page.city);
