import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { flushVisits, pendingVisits, queueVisit, sendQueued, type QueuedVisit } from './visit-queue';

let sequence = 0;
function visit(overrides: Partial<QueuedVisit> = {}): QueuedVisit {
  sequence += 1;
  return {
    key: `key-${sequence}`,
    propertyId: 10,
    workday: '2026-06-10',
    action: 'check-in',
    photo: { name: 'yard.png', type: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer },
    note: '',
    queuedAt: sequence,
    ...overrides,
  };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(async () => {
  // Each test starts from an empty queue: whatever is left is sent to nowhere.
  await flushVisits(async () => {});
});

describe('the visit queue', () => {
  it('keeps an action taken without connection, with its photo, and sends it once the connection returns', async () => {
    const queued = visit({ note: 'Gate was open' });
    await queueVisit(queued);

    expect(await sendQueued(queued, offline)).toEqual({ key: queued.key, status: 'waiting' });
    const [kept] = await pendingVisits();
    expect(kept).toMatchObject({ key: queued.key, note: 'Gate was open', photo: { name: 'yard.png' } });
    expect([...new Uint8Array(kept?.photo.bytes ?? new ArrayBuffer(0))]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const send = vi.fn(async () => {});
    expect(await flushVisits(send)).toEqual([{ key: queued.key, status: 'sent' }]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ key: queued.key }));
    expect(await pendingVisits()).toEqual([]);
  });

  it('sends the same Idempotency-Key on every attempt', async () => {
    const queued = visit();
    await queueVisit(queued);
    const keys: string[] = [];
    await flushVisits(async (item) => {
      keys.push(item.key);
      throw new ApiError(503, { message: 'Try again later' });
    });
    await flushVisits(async (item) => {
      keys.push(item.key);
    });
    expect(keys).toEqual([queued.key, queued.key]);
  });

  it('drops an action the server refused, and reports why', async () => {
    const queued = visit();
    await queueVisit(queued);
    const refusal = new ApiError(409, { message: 'This stop is already checked in.' });
    const [outcome] = await flushVisits(() => Promise.reject(refusal));
    expect(outcome).toEqual({ key: queued.key, status: 'refused', error: refusal });
    expect(await pendingVisits()).toEqual([]);
  });

  it('sends oldest first and stops at the first action without an answer', async () => {
    const checkIn = visit({ propertyId: 1, action: 'check-in' });
    const checkOut = visit({ propertyId: 1, action: 'check-out' });
    await queueVisit(checkOut);
    await queueVisit(checkIn);
    const sent: string[] = [];
    const outcomes = await flushVisits(async (item) => {
      sent.push(item.action);
      if (item.action === 'check-out') throw new TypeError('Failed to fetch');
    });
    expect(sent).toEqual(['check-in', 'check-out']);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['sent', 'waiting']);
    expect((await pendingVisits()).map((item) => item.key)).toEqual([checkOut.key]);
  });

  it('shares a running flush, so no action is sent twice at the same time', async () => {
    await queueVisit(visit());
    const send = vi.fn(async () => {});
    await Promise.all([flushVisits(send), flushVisits(send), flushVisits(send)]);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
