import type { FastifyInstance } from 'fastify';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** The sitemap index's children (site-relative paths). */
export async function sitemapChildren(app: FastifyInstance): Promise<string[]> {
  return locs((await app.inject('/sitemap.xml')).body).map((l) => new URL(l).pathname);
}

/** Every child sitemap's XML, joined: what a crawler reads through /sitemap.xml. */
export async function sitemapText(app: FastifyInstance): Promise<string> {
  const children = await sitemapChildren(app);
  return (await Promise.all(children.map(async (p) => (await app.inject(p)).body))).join('\n');
}
