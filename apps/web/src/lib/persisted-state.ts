/** The part of Web Storage we use, so tests can hand in a failing one. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export type Listener = () => void;

export type PersistedStore<S> = {
  getState: () => S;
  setState: (update: (state: S) => S) => void;
  /** Back to the initial values (logout), persisted like any other change. */
  reset: () => void;
  subscribe: (listener: Listener) => () => void;
};

export type PersistedStoreOptions<S> = {
  key: string;
  initialState: S;
  /** Turns whatever was stored (possibly from an older version) into a valid state. */
  restore: (saved: unknown, initialState: S) => S;
  /** Called lazily: merely touching `window.localStorage` throws when storage is disabled. */
  getStorage?: () => StorageLike | undefined;
  /** Follow changes other tabs make, so signing out (or a token refresh) in one tab reaches all. */
  isSyncedAcrossTabs?: boolean;
};

function browserStorage(): StorageLike | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

// Storage can be full, disabled or hold garbage; the app must keep working without it.
export function readPersisted(getStorage: () => StorageLike | undefined, key: string): unknown {
  try {
    const raw = getStorage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writePersisted(getStorage: () => StorageLike | undefined, key: string, value: unknown): void {
  try {
    getStorage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Ignored on purpose: the in-memory state stays correct.
  }
}

export function createPersistedStore<S>({
  key,
  initialState,
  restore,
  getStorage = browserStorage,
  isSyncedAcrossTabs = false,
}: PersistedStoreOptions<S>): PersistedStore<S> {
  let state = restore(readPersisted(getStorage, key), initialState);
  const listeners = new Set<Listener>();

  const emit = () => listeners.forEach((listener) => listener());
  const commit = (next: S) => {
    if (Object.is(next, state)) return;
    state = next;
    writePersisted(getStorage, key, state);
    emit();
  };

  if (isSyncedAcrossTabs && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key) return;
      // Not written back: the other tab already stored it.
      state = restore(readPersisted(getStorage, key), initialState);
      emit();
    });
  }

  return {
    getState: () => state,
    setState: (update) => commit(update(state)),
    reset: () => commit(initialState),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
