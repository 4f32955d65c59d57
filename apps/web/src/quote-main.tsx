import './fonts.css';
import './quote-frame.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QuoteApp } from './app/QuoteApp';
import { installAutoFocus } from './preact-autofocus';
import { installInputRendering } from './preact-render-timing';

// The production build of this entry runs on Preact (vite.quote.config.ts); in development it runs on React, where
// these hooks are never called.
installAutoFocus();
installInputRendering();

const container = document.getElementById('root');
if (!container) throw new Error('quote.html has no #root element');

// #root holds the static frame quote.html paints before this script runs (with the heading only for a served zip). It
// goes in the same task as the app's first render (Preact renders synchronously), so no frame is painted without
// either, and the page never has two headings.
const isHeadingPainted = container.querySelector('h1') !== null;
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <QuoteApp search={window.location.search} isHeadingPainted={isHeadingPainted} />
  </StrictMode>,
);
