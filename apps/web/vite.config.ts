import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs as its own process; in production it serves dist/ itself (same origin).
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': { target: apiUrl, changeOrigin: true, ws: true } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  // Maps are written for debugging a deployed build but not referenced from the bundles.
  build: { outDir: 'dist', sourcemap: 'hidden' },
});
