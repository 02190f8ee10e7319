import { legacyRedirects, pages, staticPrefix, type Pages } from '@encanto/core/paths';

/**
 * The web app's links, built from the one path table (packages/core/src/paths.ts): `paths.x` is the
 * table's `href` (a string, or a function of the page's parameters). Routes use `pages.x.pattern`.
 */
export { legacyRedirects, pages };

type Hrefs = { readonly [K in keyof Pages]: Pages[K]['href'] };
const hrefs = Object.fromEntries(Object.entries(pages).map(([key, page]) => [key, page.href])) as Hrefs;

export const paths = {
  ...hrefs,
  /** A numbered section of the Información page. */
  infoSection: (n: number) => `${pages.info.href}#seccion-${n}`,
  /** The rental area: all cities, or one. */
  rentalsCity: (city?: string) => (city ? pages.rentalsCity.href(city) : pages.rentalsCities.href),
} as const;

/**
 * Pages that are mostly a form (sign-in, registration, passwords, own profile,
 * uploads): no heart bubbles there, a click is for typing or choosing. An old
 * address that moved into one of them counts as that page.
 */
const formPages = [
  pages.login,
  pages.adminLogin,
  pages.adminLoginAlias,
  pages.register,
  pages.forgotClient,
  pages.forgotEscort,
  pages.recoverClient,
  pages.recoverEscort,
  pages.resetClient,
  pages.resetEscort,
  pages.escortHome,
  pages.clientArea,
  pages.uploadDocClient,
  pages.uploadDocEscort,
  pages.changeCity,
  pages.rentals,
  pages.deleteAccount,
].map((page) => staticPrefix(page.pattern).toLowerCase());

const under = (prefixes: readonly string[], pathname: string) => {
  const path = pathname.toLowerCase();
  return prefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
};

const formPagePrefixes = formPages.concat(
  legacyRedirects.filter((r) => under(formPages, r.to)).map((r) => r.from.toLowerCase()),
);

export function isFormPage(pathname: string): boolean {
  return under(formPagePrefixes, pathname);
}
