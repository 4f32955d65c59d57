import type { Connect, Plugin } from 'vite';

/** The quote page's own HTML entry, built by vite.quote.config.ts beside the app's index.html. */
export const QUOTE_HTML = 'quote.html';
const QUOTE_PATH = /^\/web\/quote\/?(\?|$)/;

/** Answers /web/quote (with any query) with quote.html instead of the app's index.html. */
const serveQuoteHtml: Connect.NextHandleFunction = (request, _response, next) => {
  if (request.url && QUOTE_PATH.test(request.url))
    request.url = `/${QUOTE_HTML}${request.url.replace(QUOTE_PATH, '$1')}`;
  next();
};

/**
 * The public quote page is its own entry, not a route of the app: the dev server and `vite preview` answer
 * /web/quote with quote.html as the API's static serving does in production. In development the page runs on React
 * (the Preact aliases apply only to the quote page's production build).
 */
export function quotePagePlugin(): Plugin {
  return {
    name: 'lawn:quote-page',
    configureServer: (server) => void server.middlewares.use(serveQuoteHtml),
    configurePreviewServer: (server) => void server.middlewares.use(serveQuoteHtml),
  };
}
