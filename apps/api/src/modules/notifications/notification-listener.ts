import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '../../logger';

/** The PostgreSQL channel the notifications table's trigger announces each insert and change on (migration 0038). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** A notification that was raised or changed, as the trigger announces it once its transaction commits. */
export type NotificationChange = { id: number; userId: number };
const changeSchema = z.object({ id: z.number().int(), userId: z.number().int() });

/** How the listening connection names itself to PostgreSQL (pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'lawn-api-notifications';

const RECONNECT_MS = { first: 250, max: 30_000 } as const;

export type NotificationListenerOptions = {
  /** Where to open the listening connection: the same server and database as the app's pool. */
  connection: pg.ClientConfig;
  log: Logger;
  onChange: (change: NotificationChange) => void;
  /** After a lost connection is back: whatever was announced meanwhile was missed, so subscribers catch up. */
  onReconnect: () => void;
};

/**
 * One dedicated connection per process that LISTENs for notifications raised by any process on the same database.
 * It connects when first needed, and reconnects with a growing delay whenever the connection drops.
 */
export function createNotificationListener({ connection, log, onChange, onReconnect }: NotificationListenerOptions) {
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let hasConnectedBefore = false;
  let delay = 0;
  let retry: NodeJS.Timeout | null = null;
  let isStopped = false;

  function scheduleReconnect() {
    if (isStopped || retry) return;
    delay = Math.min(Math.max(delay * 2, RECONNECT_MS.first), RECONNECT_MS.max);
    retry = setTimeout(() => {
      retry = null;
      ensureListening().catch(() => undefined);
    }, delay);
    retry.unref();
  }

  function lose(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = null;
    if (isStopped) return;
    log.warn({ err: error }, 'notifications listener lost its connection; reconnecting');
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...connection, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      if (message.channel !== NOTIFICATIONS_CHANNEL || !message.payload) return;
      const parsed = changeSchema.safeParse(JSON.parse(message.payload));
      if (parsed.success) onChange(parsed.data);
      else log.warn({ payload: message.payload }, 'unreadable notifications announcement');
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next));
    try {
      await next.connect();
      // The channel name is a constant identifier, not input.
      await next.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (isStopped) {
      await next.end();
      return;
    }
    client = next;
    delay = 0;
    if (hasConnectedBefore) onReconnect();
    hasConnectedBefore = true;
  }

  /** Resolves once this process is listening; rejects if it cannot connect now (it keeps trying in the background). */
  function ensureListening(): Promise<void> {
    if (client) return Promise.resolve();
    connecting ??= connect()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'notifications listener could not connect; retrying');
        scheduleReconnect();
        throw error;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  return {
    ensureListening,
    async stop(): Promise<void> {
      isStopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await connecting?.catch(() => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}

export type NotificationListener = ReturnType<typeof createNotificationListener>;
