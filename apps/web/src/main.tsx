// Roboto's Latin and Latin Extended faces (English and Spanish names and addresses, with accents). The Cyrillic, Greek
// and Vietnamese faces are left out: their @font-face rules made most of the stylesheet every page blocks on, for text
// this product does not show; such a character would fall back to the device's sans-serif.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-ext-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-ext-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { queryClient } from './app/query-client';
import { router } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
