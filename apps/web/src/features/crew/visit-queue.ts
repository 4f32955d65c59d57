import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { ApiError } from '../../lib/api-client';

export type VisitAction = 'check-in' | 'check-out';

/**
 * A check-in or check-out the crew made, kept on the phone until the server has answered it. Its Idempotency-Key is
 * made once, when the action is taken, so however often it is sent (a lost answer, the connection back) the server
 * records it once. The photo is kept as its bytes, which IndexedDB stores in every browser.
 */
export type QueuedVisit = {
  key: string;
  propertyId: number;
  /** The day the action was taken (the day the page showed), so a late send records it on that day. */
  workday: string;
  action: VisitAction;
  photo: { name: string; type: string; bytes: ArrayBuffer };
  note: string;
  queuedAt: number;
};

/** Sends one queued action; throws ApiError when the server refused it, anything else when it was not answered. */
export type VisitSender = (visit: QueuedVisit) => Promise<void>;

/** What became of a send: answered and done, refused by the server (and dropped), or still waiting to be sent. */
export type SendOutcome = { key: string } & (
  { status: 'sent' } | { status: 'refused'; error: ApiError } | { status: 'waiting' }
);

let store: UseStore | null = null;
/** The phone's store of actions not sent yet; opened on first use, so a page that never queues opens nothing. */
function queueStore(): UseStore {
  store ??= createStore('lawn-crew', 'pending-visits');
  return store;
}

/** Keeps an action until the server answers it. */
export async function queueVisit(visit: QueuedVisit): Promise<void> {
  await set(visit.key, visit, queueStore());
}

/** The actions waiting to be sent, oldest first (a check-in goes before the check-out of the same stop). */
export async function pendingVisits(): Promise<QueuedVisit[]> {
  const all = await entries<string, QueuedVisit>(queueStore());
  return all.map(([, visit]) => visit).sort((first, second) => first.queuedAt - second.queuedAt);
}

/**
 * A server's answer settles an action: done, or refused (a 4xx: the stop left the route, it was checked already; sending
 * it again would be refused again). No answer, or a server error (5xx), keeps it to be sent again.
 */
const isAnswered = (error: unknown): error is ApiError => error instanceof ApiError && error.status < 500;

/** Sends one queued action and forgets it once the server has answered. */
export async function sendQueued(visit: QueuedVisit, send: VisitSender): Promise<SendOutcome> {
  try {
    await send(visit);
  } catch (error) {
    if (!isAnswered(error)) return { key: visit.key, status: 'waiting' };
    await del(visit.key, queueStore());
    return { key: visit.key, status: 'refused', error };
  }
  await del(visit.key, queueStore());
  return { key: visit.key, status: 'sent' };
}

let flushing: Promise<SendOutcome[]> | null = null;

/**
 * Sends every waiting action, oldest first, once: the page calls it on load, when the connection returns and after
 * queueing a new action. It stops at the first action that gets no answer (the connection is still down), keeping
 * that one and those after it. A call while a flush runs shares it, and the running flush also sends what was queued
 * meanwhile, so no action is sent twice at the same time.
 */
export function flushVisits(send: VisitSender): Promise<SendOutcome[]> {
  flushing ??= (async () => {
    const outcomes: SendOutcome[] = [];
    const tried = new Set<string>();
    for (;;) {
      const next = (await pendingVisits()).find((visit) => !tried.has(visit.key));
      if (!next) return outcomes;
      tried.add(next.key);
      const outcome = await sendQueued(next, send);
      outcomes.push(outcome);
      if (outcome.status === 'waiting') return outcomes;
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
