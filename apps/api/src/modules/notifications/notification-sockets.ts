import type { WebSocket } from '@fastify/websocket';
import {
  isStaffRole,
  NOTIFICATION_SOCKET_CLOSE,
  notificationSocketHelloSchema,
  type Notification,
  type NotificationSocketMessage,
} from '@lawn/shared';
import type { AuthUser } from '../../http/auth';
import type { Logger } from '../../logger';
import type { NotificationChange, NotificationListener } from './notification-listener';
import type { NotificationsService } from './notifications.service';

/** How long a socket may stay open without saying who it is. */
export const HELLO_TIMEOUT_MS = 10_000;

type Subscriber = { socket: WebSocket; user: AuthUser; sessionId: string; lastId: number };

export type NotificationSocketsDeps = {
  service: Pick<NotificationsService, 'findVisible' | 'listAfter' | 'latestId'>;
  /** The live session's user an access token names, or null (expired, forged, signed out, disabled). */
  authenticate: (token: string) => Promise<{ user: AuthUser; sessionId: string } | null>;
  /** Whether the session is still live, checked again before each push. */
  findSessionUser: (sessionId: string, userId: number) => Promise<AuthUser | null>;
  log: Logger;
};

/**
 * The sockets this process holds, by user, fed by the process's notifications listener: whichever process wrote a
 * notification, the listener of every process hears of it and pushes it to that user's sockets here.
 */
export function createNotificationSockets(deps: NotificationSocketsDeps) {
  const { service, log } = deps;
  const byUser = new Map<number, Set<Subscriber>>();
  let listener: NotificationListener | null = null;

  const send = (socket: WebSocket, message: NotificationSocketMessage) => socket.send(JSON.stringify(message));

  function remove(subscriber: Subscriber) {
    const set = byUser.get(subscriber.user.id);
    set?.delete(subscriber);
    if (set?.size === 0) byUser.delete(subscriber.user.id);
  }

  function push(subscriber: Subscriber, notification: Notification) {
    if (subscriber.socket.readyState !== subscriber.socket.OPEN) return;
    send(subscriber.socket, { type: 'notification', data: notification });
    subscriber.lastId = Math.max(subscriber.lastId, notification.id);
  }

  /** Whether the subscriber's session still stands; a socket of an ended session is closed. */
  async function isStillSignedIn(subscriber: Subscriber): Promise<boolean> {
    const user = await deps.findSessionUser(subscriber.sessionId, subscriber.user.id);
    if (user && isStaffRole(user.role)) {
      subscriber.user = user;
      return true;
    }
    subscriber.socket.close(NOTIFICATION_SOCKET_CLOSE.unauthorized, 'Signed out');
    remove(subscriber);
    return false;
  }

  async function deliver(subscriber: Subscriber, id: number) {
    if (!(await isStillSignedIn(subscriber))) return;
    const notification = await service.findVisible(subscriber.user, id);
    if (notification) push(subscriber, notification);
  }

  async function catchUp(subscriber: Subscriber) {
    if (!(await isStillSignedIn(subscriber))) return;
    for (const notification of await service.listAfter(subscriber.user, subscriber.lastId))
      push(subscriber, notification);
  }

  function forEachSubscriber(userId: number | null, action: (subscriber: Subscriber) => Promise<void>) {
    const targets = userId === null ? [...byUser.values()].flatMap((set) => [...set]) : [...(byUser.get(userId) ?? [])];
    for (const subscriber of targets) {
      action(subscriber).catch((error: unknown) => log.warn({ err: error }, 'could not push a notification'));
    }
  }

  async function welcome(socket: WebSocket, raw: unknown): Promise<void> {
    let hello;
    try {
      hello = notificationSocketHelloSchema.safeParse(JSON.parse(String(raw)));
    } catch {
      hello = null;
    }
    const session = hello?.success ? await deps.authenticate(hello.data.token) : null;
    if (!hello?.success || !session || !isStaffRole(session.user.role)) {
      socket.close(NOTIFICATION_SOCKET_CLOSE.unauthorized, 'Sign in again');
      return;
    }
    if (!listener) throw new Error('the notifications listener is not attached');
    await listener.ensureListening();
    if (socket.readyState !== socket.OPEN) return;
    // Subscribed before catching up, so nothing raised in between is lost (at worst it arrives twice).
    const subscriber: Subscriber = { socket, ...session, lastId: 0 };
    const set = byUser.get(session.user.id) ?? new Set<Subscriber>();
    set.add(subscriber);
    byUser.set(session.user.id, set);
    socket.on('close', () => remove(subscriber));
    send(socket, { type: 'ready' });
    if (hello.data.afterId === undefined) {
      subscriber.lastId = Math.max(subscriber.lastId, await service.latestId());
    } else {
      subscriber.lastId = hello.data.afterId;
      await catchUp(subscriber);
    }
  }

  return {
    attach(next: NotificationListener) {
      listener = next;
    },

    /** A socket just opened: it has a few seconds to send its hello, else it is closed with nothing sent. */
    accept(socket: WebSocket): void {
      const timer = setTimeout(
        () => socket.close(NOTIFICATION_SOCKET_CLOSE.unauthorized, 'Sign in again'),
        HELLO_TIMEOUT_MS,
      );
      socket.once('message', (raw: unknown) => {
        clearTimeout(timer);
        welcome(socket, raw).catch((error: unknown) => {
          log.warn({ err: error }, 'notifications socket could not start');
          socket.close(NOTIFICATION_SOCKET_CLOSE.tryAgain, 'Try again');
        });
      });
      socket.on('close', () => clearTimeout(timer));
    },

    onChange(change: NotificationChange): void {
      forEachSubscriber(change.userId, (subscriber) => deliver(subscriber, change.id));
    },

    onReconnect(): void {
      forEachSubscriber(null, catchUp);
    },

    closeAll(): void {
      for (const set of byUser.values()) {
        for (const subscriber of set) subscriber.socket.close(NOTIFICATION_SOCKET_CLOSE.goingAway, 'Server stopping');
      }
      byUser.clear();
    },
  };
}

export type NotificationSockets = ReturnType<typeof createNotificationSockets>;
