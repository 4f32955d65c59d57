import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client';

/**
 * The app's API client for shared components (components/ may not import app/, where the client is made). The app
 * and every component test provide it through AppProviders.
 */
export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an <ApiClientContext> above it (AppProviders provides one)');
  return client;
}
