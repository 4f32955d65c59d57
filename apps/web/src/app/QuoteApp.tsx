import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { APP_PATHS, type QuoteStart } from '@lawn/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { QuotePage } from '../features/sign-up/pages/QuotePage';
import { PRODUCT_NAME } from '../lib/product';
import { createQueryClient } from './query-client';
import { PublicLayout } from './shells/PublicLayout';
import { theme } from './theme';

const queryClient = createQueryClient();

/**
 * The quote of an address typed on the quote's start: the same link the marketing site sends, loaded afresh, so the
 * page answers it as any quote link (the heading painted for a served zip, its look-up started early).
 */
function openQuote({ serviceAddress, zipcode }: QuoteStart): void {
  window.location.assign(`${APP_PATHS.quote}?${new URLSearchParams({ address: serviceAddress, zipcode }).toString()}`);
}

type QuoteAppProps = {
  search: string;
  /** Whether quote.html painted the quote's heading (only for a zip the business serves). */
  isHeadingPainted: boolean;
};

/**
 * The public quote page on its own (quote.html): the quote and the public frame with only the providers they use, no
 * router and none of the app's session (nothing connects the API client to one, so it stays anonymous), so a
 * prospect's first load stays small. `search` is the page's query string (`?address=...&zipcode=...`).
 */
export function QuoteApp({ search, isHeadingPainted }: QuoteAppProps) {
  const params = new URLSearchParams(search);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <PublicLayout>
          <QuotePage
            productName={PRODUCT_NAME}
            address={params.get('address')}
            zipcode={params.get('zipcode')}
            isHeadingPainted={isHeadingPainted}
            onStart={openQuote}
          />
        </PublicLayout>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
