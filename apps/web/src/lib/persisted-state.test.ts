import { describe, expect, it, vi } from 'vitest';
import {
  INITIAL_STATE,
  STATE_STORAGE_KEY,
  chooseSubmenu,
  createAppStore,
  mergeUser,
  resetAppState,
  toggleDrawer,
} from './app-store';
import { createPersistedStore, type StorageLike } from './persisted-state';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const throwingStorage: StorageLike = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

describe('persisted app state', () => {
  it("saves every change under the key 'state'", () => {
    const storage = memoryStorage();
    const store = createAppStore({ getStorage: () => storage });

    mergeUser({ firstName: 'Ana', accessToken: 'a1' }, store);
    toggleDrawer(store);

    const saved = JSON.parse(storage.data[STATE_STORAGE_KEY] ?? 'null');
    expect(saved.user.firstName).toBe('Ana');
    expect(saved.user.accessToken).toBe('a1');
    expect(saved.toolbar.isDrawerOpen).toBe(false);
  });

  it('restores the saved state at start', () => {
    const storage = memoryStorage();
    const first = createAppStore({ getStorage: () => storage });
    mergeUser({ id: 7, firstName: 'Ana', role: 'Manager', roles: ['Manager'] }, first);
    chooseSubmenu('reports', first);

    const second = createAppStore({ getStorage: () => storage });
    expect(second.getState().user).toMatchObject({ id: 7, firstName: 'Ana', role: 'Manager' });
    expect(second.getState().toolbar.openSubmenuId).toBe('reports');
  });

  it('keeps valid slices and drops an invalid one', () => {
    const saved = { user: { ...INITIAL_STATE.user, firstName: 'Ana' }, toolbar: { isDrawerOpen: 'yes' } };
    const storage = memoryStorage({ [STATE_STORAGE_KEY]: JSON.stringify(saved) });
    const store = createAppStore({ getStorage: () => storage });
    expect(store.getState().user.firstName).toBe('Ana');
    expect(store.getState().toolbar).toEqual(INITIAL_STATE.toolbar);
  });

  it('starts from the initial state when the stored text is not JSON', () => {
    const storage = memoryStorage({ [STATE_STORAGE_KEY]: '{not json' });
    expect(createAppStore({ getStorage: () => storage }).getState()).toEqual(INITIAL_STATE);
  });

  it('ignores a storage that throws on read and write', () => {
    const store = createAppStore({ getStorage: () => throwingStorage });
    expect(store.getState()).toEqual(INITIAL_STATE);
    expect(() => mergeUser({ firstName: 'Ana' }, store)).not.toThrow();
    expect(store.getState().user.firstName).toBe('Ana');
  });

  it('ignores a storage getter that throws (storage disabled by the browser)', () => {
    const store = createAppStore({
      getStorage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => toggleDrawer(store)).not.toThrow();
    expect(store.getState().toolbar.isDrawerOpen).toBe(false);
  });

  it('logout resets every slice to its initial value, in memory and in storage', () => {
    const storage = memoryStorage();
    const store = createAppStore({ getStorage: () => storage });
    mergeUser({ firstName: 'Ana', accessToken: 'a1' }, store);
    chooseSubmenu('reports', store);

    resetAppState(store);

    expect(store.getState()).toEqual(INITIAL_STATE);
    expect(JSON.parse(storage.data[STATE_STORAGE_KEY] ?? 'null')).toEqual(INITIAL_STATE);
  });

  it('notifies subscribers on change and stops after unsubscribe', () => {
    const store = createPersistedStore({
      key: 'k',
      initialState: { count: 0 },
      restore: (_saved, initial) => initial,
      getStorage: () => memoryStorage(),
    });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setState((state) => ({ count: state.count + 1 }));
    unsubscribe();
    store.setState((state) => ({ count: state.count + 1 }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().count).toBe(2);
  });

  it('follows changes made by another tab', () => {
    const storage = memoryStorage();
    const store = createAppStore({ getStorage: () => storage, isSyncedAcrossTabs: true });
    const listener = vi.fn();
    store.subscribe(listener);

    storage.data[STATE_STORAGE_KEY] = JSON.stringify({
      ...INITIAL_STATE,
      user: { ...INITIAL_STATE.user, email: 'b@x.com' },
    });
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_STORAGE_KEY }));

    expect(store.getState().user.email).toBe('b@x.com');
    expect(listener).toHaveBeenCalled();
  });
});
