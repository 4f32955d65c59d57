import { useSyncExternalStore } from 'react';
import { ROLES, meSchema, type NavItem, type Role, type TokenPair } from '@lawn/shared';
import { z } from 'zod';
import { createPersistedStore, type PersistedStoreOptions } from './persisted-state';

/** Signed-in user as the client keeps it (spec 1 section 3). Empty values mean "signed out". */
export type SessionUser = {
  id: number | null;
  accessToken: string | null;
  refreshToken: string | null;
  authType: 'Bearer' | null;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  role: Role | null;
  roles: Role[];
  navigation: NavItem[];
};

export type ToolbarState = {
  /** Desktop (persistent) drawer only; the small-screen drawer is transient UI state. */
  isDrawerOpen: boolean;
  /** The expanded drawer item; null when none is. */
  openSubmenuId: string | null;
};

export type NotificationsState = {
  isOnlyUnread: boolean;
};

export type AppState = {
  user: SessionUser;
  toolbar: ToolbarState;
  notifications: NotificationsState;
};

export const STATE_STORAGE_KEY = 'state';

export const EMPTY_USER: SessionUser = {
  id: null,
  accessToken: null,
  refreshToken: null,
  authType: null,
  firstName: '',
  lastName: '',
  fullName: '',
  email: '',
  role: null,
  roles: [],
  navigation: [],
};

export const INITIAL_STATE: AppState = {
  user: EMPTY_USER,
  toolbar: { isDrawerOpen: true, openSubmenuId: null },
  notifications: { isOnlyUnread: false },
};

const navigationSchema = meSchema.shape.data.shape.navigation;

// Each slice is checked on its own so a stale toolbar entry never signs anybody out.
const userSchema = z.object({
  id: z.number().int().nullable(),
  accessToken: z.string().nullable(),
  refreshToken: z.string().nullable(),
  authType: z.literal('Bearer').nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  roles: z.array(z.enum(ROLES)),
  navigation: navigationSchema,
});
const toolbarSchema = z.object({ isDrawerOpen: z.boolean(), openSubmenuId: z.string().nullable() });
const notificationsSchema = z.object({ isOnlyUnread: z.boolean() });

function restoreSlice<T>(schema: z.ZodType<T>, saved: unknown, fallback: T): T {
  const parsed = schema.safeParse(saved);
  return parsed.success ? parsed.data : fallback;
}

export function restoreAppState(saved: unknown, initial: AppState): AppState {
  const record = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  return {
    user: restoreSlice(userSchema, record.user, initial.user),
    toolbar: restoreSlice(toolbarSchema, record.toolbar, initial.toolbar),
    notifications: restoreSlice(notificationsSchema, record.notifications, initial.notifications),
  };
}

export function createAppStore(options: Partial<PersistedStoreOptions<AppState>> = {}) {
  return createPersistedStore<AppState>({
    key: STATE_STORAGE_KEY,
    initialState: INITIAL_STATE,
    restore: restoreAppState,
    ...options,
  });
}

export type AppStore = ReturnType<typeof createAppStore>;

export const appStore = createAppStore({ isSyncedAcrossTabs: true });

/** Selectors must return a slice or a primitive, never a new object, or React re-renders forever. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useSyncExternalStore(appStore.subscribe, () => selector(appStore.getState()));
}

export const selectUser = (state: AppState) => state.user;
export const selectAccessToken = (state: AppState) => state.user.accessToken;
export const selectToolbar = (state: AppState) => state.toolbar;
export const selectIsOnlyUnread = (state: AppState) => state.notifications.isOnlyUnread;

export function mergeUser(patch: Partial<SessionUser>, store: AppStore = appStore): void {
  store.setState((state) => ({ ...state, user: { ...state.user, ...patch } }));
}

export function saveTokens(tokens: TokenPair, store: AppStore = appStore): void {
  mergeUser({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, authType: tokens.authType }, store);
}

/** Logout: every slice back to its initial value (spec 1 section 4). */
export function resetAppState(store: AppStore = appStore): void {
  store.reset();
}

export function toggleDrawer(store: AppStore = appStore): void {
  store.setState((state) => ({ ...state, toolbar: { ...state.toolbar, isDrawerOpen: !state.toolbar.isDrawerOpen } }));
}

/** Choosing a submenu opens it; choosing the open one again closes it (spec 1 section 4). */
export function chooseSubmenu(id: string, store: AppStore = appStore): void {
  store.setState((state) => ({
    ...state,
    toolbar: { ...state.toolbar, openSubmenuId: state.toolbar.openSubmenuId === id ? null : id },
  }));
}

export function setOnlyUnread(isOnlyUnread: boolean, store: AppStore = appStore): void {
  store.setState((state) => ({ ...state, notifications: { isOnlyUnread } }));
}
