import { useSyncExternalStore } from 'react';
import {
  CUSTOMER_COLUMN_KEYS,
  ROLES,
  meSchema,
  type CustomerColumn,
  type NavItem,
  type Role,
  type TokenPair,
} from '@lawn/shared';
import { z } from 'zod';
import { createPersistedStore, type PersistedStoreOptions } from './persisted-state';

/** Signed-in user as the client keeps it, with tokens and navigation. Empty values mean "signed out". */
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
  /**
   * The sign-in page the session began on (the staff login or the customer web login), where it returns when it
   * expires or signs out; null when the session came from elsewhere (an account look-up).
   */
  signInPath: string | null;
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

/** Where a customer list was (page, size, sort, filter), to go back to it after a delete. */
export type CustomerSearchState = {
  /** The customer list's or the expired-card list's path. */
  path: string;
  page: number;
  pageSize: number;
  sort: string;
  /** Extra `filter[...]` entries handed to the list (e.g. by a lookup), as a query string. */
  filter: string;
  /** The search box's text ('' for none). */
  text: string;
};

/** The customer list and the expired-card list, each in its usual view and its bush-and-bed view. */
export type CustomerListKind = 'customer' | 'expiredCard' | 'customerBushBed' | 'expiredCardBushBed';
export type ExportFormat = 'xlsx' | 'csv';

export type CustomerListState = {
  /** Optional columns shown besides the fixed ones, per list. */
  columns: Record<CustomerListKind, CustomerColumn[]>;
  /** Customers ticked for export, kept across pages and reloads. */
  selectedIds: number[];
  /** Select all: export everything matching the search instead of the ticked rows. */
  isAllSelected: boolean;
  /** The export choice last made (EXCEL or CSV). */
  exportFormat: ExportFormat;
  lastSearch: CustomerSearchState | null;
};

export type AppState = {
  user: SessionUser;
  toolbar: ToolbarState;
  notifications: NotificationsState;
  customerList: CustomerListState;
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
  signInPath: null,
};

/** The bush-and-bed views start with what their crews are planned by: frequency, price, crew and payment. */
const BUSH_BED_DEFAULT_COLUMNS: CustomerColumn[] = [
  'frecuencyName',
  'totalMowing',
  'crew',
  'marketName',
  'paymentType',
];

export const INITIAL_CUSTOMER_LIST: CustomerListState = {
  // Expired cards are worked by phone, so that list starts with the card type and phone shown.
  columns: {
    customer: [],
    expiredCard: ['cardTypeName', 'contactNumber'],
    customerBushBed: BUSH_BED_DEFAULT_COLUMNS,
    expiredCardBushBed: [...BUSH_BED_DEFAULT_COLUMNS, 'cardTypeName'],
  },
  selectedIds: [],
  isAllSelected: false,
  exportFormat: 'xlsx',
  lastSearch: null,
};

export const INITIAL_STATE: AppState = {
  user: EMPTY_USER,
  toolbar: { isDrawerOpen: true, openSubmenuId: null },
  notifications: { isOnlyUnread: false },
  customerList: INITIAL_CUSTOMER_LIST,
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
  // Sessions saved before this was kept stay signed in.
  signInPath: z.string().nullable().default(null),
});
const toolbarSchema = z.object({ isDrawerOpen: z.boolean(), openSubmenuId: z.string().nullable() });
const notificationsSchema = z.object({ isOnlyUnread: z.boolean() });
// A column a newer version no longer has is dropped rather than resetting the whole choice.
const columnsSchema = z
  .array(z.string())
  .transform((columns) =>
    columns.filter((column): column is CustomerColumn => CUSTOMER_COLUMN_KEYS.includes(column as CustomerColumn)),
  );
const customerListSchema = z.object({
  columns: z.object({
    customer: columnsSchema,
    expiredCard: columnsSchema,
    // Choices saved before the bush-and-bed views existed keep theirs and start these with the defaults.
    customerBushBed: columnsSchema.default(INITIAL_CUSTOMER_LIST.columns.customerBushBed),
    expiredCardBushBed: columnsSchema.default(INITIAL_CUSTOMER_LIST.columns.expiredCardBushBed),
  }),
  selectedIds: z.array(z.number().int()),
  isAllSelected: z.boolean(),
  exportFormat: z.enum(['xlsx', 'csv']),
  lastSearch: z
    .object({
      path: z.string(),
      page: z.number().int(),
      pageSize: z.number().int(),
      sort: z.string(),
      filter: z.string(),
      // Searches saved before the search box existed had none.
      text: z.string().default(''),
    })
    .nullable(),
});

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
    customerList: restoreSlice(customerListSchema, record.customerList, initial.customerList),
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
export const selectCustomerList = (state: AppState) => state.customerList;

export function mergeUser(patch: Partial<SessionUser>, store: AppStore = appStore): void {
  store.setState((state) => ({ ...state, user: { ...state.user, ...patch } }));
}

export function saveTokens(tokens: TokenPair, store: AppStore = appStore): void {
  mergeUser({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, authType: tokens.authType }, store);
}

/** Logout: every slice back to its initial value. */
export function resetAppState(store: AppStore = appStore): void {
  store.reset();
}

export function toggleDrawer(store: AppStore = appStore): void {
  store.setState((state) => ({ ...state, toolbar: { ...state.toolbar, isDrawerOpen: !state.toolbar.isDrawerOpen } }));
}

/** Choosing a submenu opens it; choosing the open one again closes it. */
export function chooseSubmenu(id: string, store: AppStore = appStore): void {
  store.setState((state) => ({
    ...state,
    toolbar: { ...state.toolbar, openSubmenuId: state.toolbar.openSubmenuId === id ? null : id },
  }));
}

export function setOnlyUnread(isOnlyUnread: boolean, store: AppStore = appStore): void {
  store.setState((state) => ({ ...state, notifications: { isOnlyUnread } }));
}
