import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { EMPTY_USER, appStore, type SessionUser } from '../lib/app-store';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router with the app's providers; returns the router to inspect. */
export function renderRoutes(routes: RouteObject[], initialEntries: InitialEntry[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/** Renders a screen that needs no router (the quote page's own entry) with the app's providers. */
export function renderWithProviders(ui: ReactNode) {
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  const view = render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  return { ...view, user, queryClient };
}

/** A stand-in destination that shows where the app went and with which route state. */
export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <output aria-label="location">{`${location.pathname}${location.search}`}</output>
      <output aria-label="route state">{JSON.stringify(location.state ?? null)}</output>
    </div>
  );
}

export const signedInUser: SessionUser = {
  ...EMPTY_USER,
  id: 7,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  authType: 'Bearer',
  firstName: 'Ana',
  lastName: 'Flores',
  fullName: 'Ana Flores',
  email: 'ana@lawn.test',
  role: 'Manager',
  roles: ['Manager'],
};

export function signIn(user: Partial<SessionUser> = {}): void {
  appStore.setState((state) => ({ ...state, user: { ...signedInUser, ...user } }));
}
