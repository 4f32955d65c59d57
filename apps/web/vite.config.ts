import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { quoteFramePlugin } from './quote-frame-plugin.ts';
import { quotePagePlugin } from './quote-page-plugin.ts';

// In development the API runs as its own process; in production it serves dist/ itself (same origin).
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': { target: apiUrl, changeOrigin: true, ws: true } };

// The app (index.html). The public quote page (quote.html) is built apart by vite.quote.config.ts into the same dist/.
export default defineConfig({
  plugins: [react(), quotePagePlugin(), quoteFramePlugin()],
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  // Maps are written for debugging a deployed build but not referenced from the bundles.
  build: { outDir: 'dist', sourcemap: 'hidden' },
});
