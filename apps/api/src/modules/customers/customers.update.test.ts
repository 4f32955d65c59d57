import { ORDER_STATUS } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { diffRecord, normalizePatch, updateHistory, type LockedRecord } from './customers.update';

/** Only the fields these steps read; the rest of the rows does not matter here. */
const record = {
  customer: { id: 7, firstName: 'Pat', email: 'Pat@Example.com', contactNumber: '2145550100' },
  property: {
    id: 70,
    isRestart: false,
    statusOrders: ORDER_STATUS.approved,
    srvFrequency: 1,
    marketId: 3,
    state: 'TX',
  },
} as unknown as LockedRecord;

describe('normalizePatch', () => {
  it('stores the e-mail trimmed (blank means none), the state in capitals, and drops the winter option', () => {
    expect(
      normalizePatch({ email: '  a@b.co ', state: 'tx', winterScheduleStatus: true, year: 2026 }, record.property),
    ).toEqual({ email: 'a@b.co', state: 'TX' });
    expect(normalizePatch({ email: '   ' }, record.property)).toEqual({ email: null });
  });

  it('sends a first restart back to pending review, and ignores a second one', () => {
    expect(normalizePatch({ isRestart: true }, record.property)).toEqual({
      isRestart: true,
      statusOrders: ORDER_STATUS.pending,
    });
    expect(normalizePatch({ isRestart: true }, { ...record.property, isRestart: true })).toEqual({});
  });
});

describe('diffRecord', () => {
  it('keeps only real changes, each on the row and column it is stored in', () => {
    const diff = diffRecord(record, {
      firstName: 'Pat',
      srvFrecuency: 2,
      market: 3,
      statusOrders: ORDER_STATUS.pending,
    });
    expect(diff.changes).toEqual([
      { field: 'srvFrecuency', from: 1, to: 2 },
      { field: 'statusOrders', from: ORDER_STATUS.approved, to: ORDER_STATUS.pending },
    ]);
    expect(diff.customer).toEqual({});
    expect(diff.property).toEqual({ srvFrequency: 2, statusOrders: ORDER_STATUS.pending });
  });

  it('counts an e-mail changed in case only as a change', () => {
    expect(diffRecord(record, { email: 'pat@example.com' }).customer).toEqual({ email: 'pat@example.com' });
    expect(diffRecord(record, { email: 'Pat@Example.com' }).changes).toEqual([]);
  });
});

describe('updateHistory', () => {
  it('describes the changed fields and the winter option of its year', () => {
    expect(
      updateHistory([{ field: 'firstName', from: 'Pat', to: 'Sam' }], { year: 2026, from: false, to: true }),
    ).toEqual({
      description: 'Changed first name from Pat to Sam; Winter schedule 2026 on',
      changes: {
        firstName: { from: 'Pat', to: 'Sam' },
        'winterScheduleStatus.2026': { from: false, to: true },
      },
    });
  });
});
