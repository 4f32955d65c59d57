import { NOTIFICATION_SOCKET_CLOSE } from '@lawn/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { openNotificationStream, reconnectDelay, streamUrl } from './notification-stream';

describe('reconnectDelay', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [4, 16_000],
    [5, 30_000],
    [20, 30_000],
  ])('waits %i -> %i ms', (attempt, delay) => {
    expect(reconnectDelay(attempt)).toBe(delay);
  });
});

describe('streamUrl', () => {
  it('uses wss behind https and ws otherwise, on the page’s host', () => {
    expect(streamUrl({ protocol: 'https:', host: 'office.example.com' })).toBe(
      'wss://office.example.com/api/notifications/stream',
    );
    expect(streamUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/notifications/stream',
    );
  });
});

describe('openNotificationStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  function start(token: string | null = 'access-1') {
    const handlers = { getToken: vi.fn(() => token), onChange: vi.fn(), onUnauthorized: vi.fn() };
    const stop = openNotificationStream({
      ...handlers,
      WebSocket: FakeWebSocket as unknown as typeof WebSocket,
      location: { protocol: 'http:', host: 'localhost' },
    });
    return { ...handlers, stop };
  }

  it('says hello with the token, then tells of each notification', () => {
    const { onChange, stop } = start();
    const socket = FakeWebSocket.latest();
    socket?.open();
    expect(socket?.sent).toEqual([{ type: 'hello', token: 'access-1' }]);
    socket?.receive({ type: 'ready' });
    socket?.receive({
      type: 'notification',
      data: {
        id: 41,
        typeId: 3,
        status: 1,
        name: 'Deletion requested',
        date: '2026-11-21T16:00:00Z',
        duration: 1440,
        available: true,
        customerAttributeId: 5,
        customerName: 'Jo Ray',
      },
    });
    socket?.receive({ type: 'something else' });
    expect(onChange).toHaveBeenCalledTimes(2);
    stop();
  });

  it('reconnects with a growing delay and asks for what it missed after the newest id it saw', () => {
    const { stop } = start();
    const first = FakeWebSocket.latest();
    first?.open();
    first?.receive({
      type: 'notification',
      data: {
        id: 7,
        typeId: 4,
        status: 1,
        name: 'New lead waiting',
        date: '2026-11-21T16:00:00Z',
        duration: 1440,
        available: true,
        customerAttributeId: null,
        customerName: null,
      },
    });
    first?.serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeWebSocket.latest();
    expect(FakeWebSocket.made).toHaveLength(2);
    second?.open();
    expect(second?.sent).toEqual([{ type: 'hello', token: 'access-1', afterId: 7 }]);
    second?.serverClose(1006);
    vi.advanceTimersByTime(1_999);
    expect(FakeWebSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.made).toHaveLength(3);
    stop();
  });

  it('renews a refused token before trying again, and stops for good when stopped', () => {
    const { onUnauthorized, stop } = start();
    FakeWebSocket.latest()?.serverClose(NOTIFICATION_SOCKET_CLOSE.unauthorized);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.made).toHaveLength(1);
  });

  it('opens nothing while nobody is signed in', () => {
    const { stop } = start(null);
    vi.advanceTimersByTime(5_000);
    expect(FakeWebSocket.made).toHaveLength(0);
    stop();
  });
});
