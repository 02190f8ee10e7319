import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// WEB_DIST_DIR lets parallel test runs build into their own folders.
const dist = process.env.WEB_DIST_DIR ?? 'dist';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes .br and .gz beside every text asset of the client build, once, at the
 * highest levels; the server sends them as they are (@fastify/static
 * preCompressed), so no request pays for compressing the bundle on 2 cores.
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'encanto-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const dir = path.join(outDir, 'assets');
      const files = (await fs.readdir(dir, { recursive: true })).filter((f) =>
        /\.(js|css|svg|json|txt)$/.test(f),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await fs.readFile(full);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Writes dist/client/sw.js from apps/web/pwa/sw.js with the list it precaches (decision 0167): the entry
 * script and its styles and imports (from Vite's manifest), the fonts, the icons and the offline page; and a
 * version, the hash of that list and the worker's code, so each build that changes either installs afresh.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'encanto-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
      const manifest = JSON.parse(
        await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, Chunk>;
      const shell = new Set<string>();
      const add = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || shell.has(`/${chunk.file}`)) return;
        shell.add(`/${chunk.file}`);
        for (const css of chunk.css ?? []) shell.add(`/${css}`);
        for (const imported of chunk.imports ?? []) add(imported);
      };
      for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
      const assets = await fs.readdir(path.join(outDir, 'assets'), { recursive: true });
      const fonts = assets.filter((f) => /\.woff2$/.test(f)).map((f) => `/assets/${f}`);
      const icons = assets
        .filter((f) => /^icons[\\/][^.]+\.png$/.test(f))
        .map((f) => `/assets/${f.replace(/\\/g, '/')}`);
      const precache = [
        '/offline.html',
        '/assets/offline.css',
        '/assets/favicon.svg',
        ...icons,
        ...[...shell].sort(),
        ...fonts.sort(),
      ];
      const code = await fs.readFile(path.resolve(import.meta.dirname, 'pwa/sw.js'), 'utf8');
      const version = createHash('sha256')
        .update(JSON.stringify(precache))
        .update(code)
        .digest('base64url')
        .slice(0, 12);
      const head = `self.__PRECACHE = ${JSON.stringify(precache)};\nself.__VERSION = ${JSON.stringify(version)};\n`;
      await fs.writeFile(path.join(outDir, 'sw.js'), head + code);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), serviceWorker()],
  publicDir: 'public',
  build: {
    outDir: `${dist}/client`,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
  },
  // A self-contained SSR bundle: it runs from any folder (WEB_DIST_DIR) without node_modules beside it.
  ssr: { noExternal: true },
  // The bundled React is the production build whatever NODE_ENV the server runs with (a newcomer's
  // `npm start` leaves it unset); without this React chose its development build at run time.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});
