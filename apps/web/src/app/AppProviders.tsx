import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BlockingOverlayProvider } from '../components/BlockingOverlayProvider';
import { ConfirmProvider } from '../components/ConfirmProvider';
import { MutationErrorNotifier } from '../components/MutationErrorNotifier';
import { NotifierProvider } from '../components/NotifierProvider';
import { ApiClientContext } from '../lib/api-context';
import { api } from './api';
import { theme } from './theme';

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/** Everything a screen may rely on, shared by the app and by component tests. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={api}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <NotifierProvider>
            <MutationErrorNotifier />
            <ConfirmProvider>
              <BlockingOverlayProvider>{children}</BlockingOverlayProvider>
            </ConfirmProvider>
          </NotifierProvider>
        </ThemeProvider>
      </ApiClientContext>
    </QueryClientProvider>
  );
}
