import type { ReferralMarket } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import {
  addMarket,
  addReferral,
  changesOf,
  deleteMarket,
  deleteReferral,
  draftOf,
  editReferral,
  EMPTY_REFERRAL_FIELDS,
  hasPendingChanges,
  renameMarket,
  rowMessages,
} from './referral-draft';

const referral = (id: number, marketId: number, name: string) => ({
  ...EMPTY_REFERRAL_FIELDS,
  id,
  customerReferralId: marketId,
  name,
  phone: '2145550101',
  version: 3,
});

const markets: ReferralMarket[] = [
  {
    id: 1,
    name: 'Austin',
    isResign: true,
    version: 2,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    types: [referral(10, 1, 'Ana'), referral(11, 1, 'Bo')],
  },
  {
    id: 2,
    name: 'Dallas',
    isResign: true,
    version: 1,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    types: [referral(12, 2, 'Cy')],
  },
];

describe('the pending changes of a referral page', () => {
  it('starts with nothing pending and sends nothing', () => {
    const draft = draftOf(markets);
    expect(hasPendingChanges(draft)).toBe(false);
    expect(changesOf(draft, true).changes).toEqual({ isResign: true, markets: [], types: [] });
  });

  it("sends every change once, with the versions read and only the page's fields", () => {
    let draft = draftOf(markets);
    draft = renameMarket(draft, 'market-1', 'Austin North');
    draft = editReferral(draft, 'market-1', 'referral-10', {
      ...EMPTY_REFERRAL_FIELDS,
      name: 'Ana D',
      phone: '5125550100',
    });
    draft = deleteReferral(draft, 'market-1', 'referral-11');
    draft = addMarket(draft, 'new-market-1', 'Waco');
    draft = addReferral(draft, 'new-market-1', 'new-referral-2', {
      ...EMPTY_REFERRAL_FIELDS,
      name: 'Di',
      phone: '2545550100',
    });
    // A deleted market takes its referrals along: nothing is sent for them.
    draft = editReferral(draft, 'market-2', 'referral-12', { ...EMPTY_REFERRAL_FIELDS, name: 'Cy 2', phone: '1' });
    draft = deleteMarket(draft, 'market-2');
    expect(hasPendingChanges(draft)).toBe(true);

    const { changes, rows } = changesOf(draft, true);
    expect(changes).toEqual({
      isResign: true,
      markets: [
        { op: 'update', id: 1, version: 2, name: 'Austin North' },
        { op: 'delete', id: 2, version: 1 },
        { op: 'create', key: 'new-market-1', name: 'Waco' },
      ],
      types: [
        { op: 'update', id: 10, version: 3, name: 'Ana D', phone: '5125550100', website: '' },
        { op: 'delete', id: 11, version: 3 },
        { op: 'create', market: 'new-market-1', name: 'Di', phone: '2545550100', website: '' },
      ],
    });
    expect(rows).toEqual({
      markets: ['market-1', 'market-2', 'new-market-1'],
      types: ['referral-10', 'referral-11', 'new-referral-2'],
    });
  });

  it('forgets a new row that is deleted before Update, and keeps an edited new row new', () => {
    let draft = addMarket(draftOf(markets), 'new-market-1', 'Waco');
    draft = addReferral(draft, 'market-1', 'new-referral-2', { ...EMPTY_REFERRAL_FIELDS, name: 'Di' });
    draft = editReferral(draft, 'market-1', 'new-referral-2', { ...EMPTY_REFERRAL_FIELDS, name: 'Dee' });
    expect(changesOf(draft, false).changes.types).toEqual([
      {
        op: 'create',
        market: 1,
        service: '',
        name: 'Dee',
        phone: '',
        comment: '',
        secondChoice: '',
        secondPhone: '',
        secondComment: '',
      },
    ]);
    draft = deleteReferral(deleteMarket(draft, 'new-market-1'), 'market-1', 'new-referral-2');
    expect(hasPendingChanges(draft)).toBe(false);
  });

  it("puts the server's refusals at the rows they name, with the field's label", () => {
    const rows = { markets: ['market-1'], types: ['referral-10', 'new-referral-2'] };
    expect(
      rowMessages(
        { 'types.1.phone': 'Phone number is not valid', 'markets.0': 'Changed meanwhile', 'types.7': 'x', name: 'y' },
        rows,
      ),
    ).toEqual({ 'new-referral-2': 'Phone: Phone number is not valid', 'market-1': 'Changed meanwhile' });
  });
});
