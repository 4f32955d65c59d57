import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BlockingOverlayProvider } from '../components/BlockingOverlayProvider';
import { ConfirmProvider } from '../components/ConfirmProvider';
import { MutationErrorNotifier } from '../components/MutationErrorNotifier';
import { NotifierProvider } from '../components/NotifierProvider';
import { connectApiToSession } from './api-session';
import { theme } from './theme';

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

// Screens under these providers call the API as the signed-in user. The public quote page's own entry renders none of
// this, so its client stays anonymous.
connectApiToSession();

/** Everything a screen may rely on, shared by the app and by component tests. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <NotifierProvider>
          <MutationErrorNotifier />
          <ConfirmProvider>
            <BlockingOverlayProvider>{children}</BlockingOverlayProvider>
          </ConfirmProvider>
        </NotifierProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
