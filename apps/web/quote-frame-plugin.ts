// The shared package's source by path: Vite loads its config with Node, which would not run the package's TypeScript
// entry (`@lawn/shared` resolves to src/index.ts), but it bundles a file imported by path.
import { OFFICE_HOURS, SIGN_UP_MESSAGES } from '../../packages/shared/src/sign-up/sign-up.constants.ts';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { PRODUCT_NAME } from './src/lib/product.ts';

/** The texts of quote.html's static frame, from where the app takes them, so the frame and the app say the same. */
const FRAME_TEXTS: Record<string, string> = {
  QUOTE_PRODUCT_NAME: PRODUCT_NAME,
  QUOTE_OFFICE_HOURS: OFFICE_HOURS,
  QUOTE_HEADING: SIGN_UP_MESSAGES.quoteHeading(PRODUCT_NAME),
};

const PLACEHOLDER = /%(QUOTE_[A-Z_]+)%/g;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

const writeFrameTexts = (html: string) =>
  html.replace(PLACEHOLDER, (_mark, key: string) => {
    const text = FRAME_TEXTS[key];
    if (text === undefined) throw new Error(`quote.html: no text for %${key}%`);
    return escapeHtml(text);
  });

/**
 * Puts the built stylesheets into the page as <style> elements. The quote's stylesheet is small (the frame's styles
 * and the Roboto @font-face rules, under 1 KB gzipped) and a <link> to it blocked the first paint for one more round
 * trip, which a phone on a slow connection waits longer for than for the bytes. The Content-Security-Policy allows
 * inline styles (style-src 'unsafe-inline'); the font URLs in it are absolute, so they resolve the same from the page.
 */
const inlineStylesheets = (html: string, { bundle }: IndexHtmlTransformContext) =>
  html.replace(STYLESHEET_LINK, (link, fileName: string) => {
    const asset = bundle?.[fileName];
    if (asset?.type !== 'asset') return link;
    return `<style>${String(asset.source)}</style>`;
  });

/**
 * Writes the product name, office hours and quote heading into quote.html's static frame (its %QUOTE_...% marks),
 * which the browser paints before the script runs. A mark without a text fails the build rather than show a prospect
 * a placeholder. Runs before Vite's own %ENV% replacement, which would otherwise warn about them.
 */
export function quoteFramePlugin(): Plugin {
  return {
    name: 'lawn:quote-frame',
    transformIndexHtml: { order: 'pre', handler: writeFrameTexts },
  };
}

/** The quote page's build inlines its stylesheet (see inlineStylesheets); only vite.quote.config.ts uses it. */
export function inlineStylesheetPlugin(): Plugin {
  return {
    name: 'lawn:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: inlineStylesheets },
  };
}
