import type { Note } from '@lawn/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderRoutes, signIn } from '../../test/render';
import { NotesPanel } from './components/NotesPanel';

/** 10:00 in Chicago on Wednesday 2026-06-10, the day the call notes' dates are relative to. */
const NOW = new Date('2026-06-10T15:00:00Z');

/**
 * Before each test, a signed-in user at NOW; after it, the real clock. Only Date is faked, so timers and promises
 * run normally.
 */
export function useSignedInAtNow(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signIn();
  });
  afterEach(() => vi.useRealTimers());
}

/** Call note 1 of record 101, written by Ana Flores an hour before NOW, for a visit two days later. */
export function callNote(overrides: Partial<Note> = {}): Note {
  return {
    id: 1,
    customerAttributesId: 101,
    typeId: 1,
    typeName: 'Call note',
    serviceDate: '2026-06-12',
    serviceHour: '09:30',
    description: 'Called about the gate',
    rejectionReasons: [],
    reason: null,
    status: null,
    version: 1,
    createdAt: '2026-06-10T14:00:00Z',
    updatedAt: '2026-06-10T14:00:00Z',
    user: { id: 7, fullName: 'Ana Flores' },
    ...overrides,
  };
}

/** The notes panel of record 101 as the record page shows it, listing call notes (or `typeId`'s) under that title. */
export function renderCallNotesPanel(typeId: 1 | 4 = 1) {
  return renderRoutes([
    {
      path: '/',
      element: <NotesPanel customerId={101} typeId={typeId} noteTitle="Call note" emptyText="No call notes yet" />,
    },
  ]);
}
