import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineStylesheetPlugin, quoteFramePlugin } from './quote-frame-plugin.ts';
import { QUOTE_HTML } from './quote-page-plugin.ts';

/**
 * The public quote page's own build (quote.html), run after the app's: the same components on Preact's
 * React-compatible runtime instead of react-dom, so a prospect's first load stays under 150 KB of JavaScript
 * (ADR 0016). The aliases hold for this build only; the app keeps React. Its output lands in the app's dist/ without
 * emptying it: quote.html beside index.html, its hashed chunks under assets/.
 */
export default defineConfig({
  plugins: [react(), quoteFramePlugin(), inlineStylesheetPlugin()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: 'hidden',
    rolldownOptions: { input: QUOTE_HTML },
  },
});
