import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// WEB_DIST_DIR lets parallel test runs build into their own folders.
const dist = process.env.WEB_DIST_DIR ?? 'dist';

export default defineConfig({
  plugins: [react()],
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
});
