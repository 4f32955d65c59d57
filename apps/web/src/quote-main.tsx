import './fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QuoteApp } from './app/QuoteApp';

const container = document.getElementById('root');
if (!container) throw new Error('quote.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QuoteApp search={window.location.search} />
  </StrictMode>,
);
