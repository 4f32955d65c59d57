import {
  NOTIFICATION_SOCKET_CLOSE,
  notificationSocketMessageSchema,
  type NotificationSocketHello,
  type NotificationSocketMessage,
} from '@lawn/shared';

/** The first retry comes after a second, each next one waits twice as long, up to half a minute. */
export const RECONNECT_DELAY_MS = { first: 1_000, max: 30_000 } as const;

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_DELAY_MS.max, RECONNECT_DELAY_MS.first * 2 ** Math.max(0, attempt));
}

/** The notifications socket's address on the page's own host: wss behind https, ws otherwise. */
export function streamUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/notifications/stream`;
}

export type NotificationStreamHandlers = {
  /** The access token to say hello with, or null while nobody is signed in. */
  getToken: () => string | null;
  /** Something changed (a notification arrived or changed, or the socket is back after a gap): refetch. */
  onChange: () => void;
  /** The server refused the token (expired or signed out): renew it before the next try. */
  onUnauthorized: () => void;
  /** The page's WebSocket class (a test passes its own). */
  WebSocket?: typeof WebSocket;
  location?: Pick<Location, 'protocol' | 'host'>;
};

function parse(data: unknown): NotificationSocketMessage | null {
  try {
    const parsed = notificationSocketMessageSchema.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a notifications socket open for as long as it runs: says hello with the session's token and the newest id it
 * has seen, tells of every change, and reconnects with a growing delay whenever the socket closes. Returns the stop.
 */
export function openNotificationStream(handlers: NotificationStreamHandlers): () => void {
  const Socket = handlers.WebSocket ?? globalThis.WebSocket;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let newestId: number | undefined;
  let isStopped = false;

  function schedule() {
    if (isStopped) return;
    retry = setTimeout(connect, reconnectDelay(attempt));
    attempt += 1;
  }

  function connect() {
    retry = null;
    const token = handlers.getToken();
    if (!token) {
      schedule();
      return;
    }
    const current = new Socket(streamUrl(handlers.location ?? globalThis.location));
    socket = current;
    current.onopen = () => {
      const hello: NotificationSocketHello = { type: 'hello', token, ...(newestId ? { afterId: newestId } : {}) };
      current.send(JSON.stringify(hello));
    };
    current.onmessage = (event: MessageEvent) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        attempt = 0;
      } else {
        newestId = Math.max(newestId ?? 0, message.data.id);
      }
      // On ready too: whatever happened while the socket was away is refetched.
      handlers.onChange();
    };
    current.onclose = (event: CloseEvent) => {
      if (socket === current) socket = null;
      if (isStopped) return;
      if (event.code === NOTIFICATION_SOCKET_CLOSE.unauthorized) handlers.onUnauthorized();
      schedule();
    };
  }

  connect();
  return () => {
    isStopped = true;
    if (retry) clearTimeout(retry);
    socket?.close(1000);
  };
}
