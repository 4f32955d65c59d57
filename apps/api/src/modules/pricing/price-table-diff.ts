import { PRICE_KEYS, type LotSizeOption, type LotSizeTierInput, type PriceChangeField } from '@lawn/shared';

/** A tier's columns as the repo writes them: its place in the table, name, sizes and prices. */
export type TierValues = Omit<LotSizeOption, 'id'> & { position: number };

export type TierChange = { lotSize: string; field: PriceChangeField; fromValue: string | null; toValue: string | null };

export type TableDiff = {
  /** One entry per changed value, for the history. */
  changes: TierChange[];
  updated: { id: number; values: TierValues }[];
  inserted: TierValues[];
  removedIds: number[];
};

const SIZE_FIELDS = ['turfSizeStart', 'turfSizeEnd', 'lotSizeEnd'] as const;
/** The history keeps values as text of at most this many characters. */
const VALUE_MAX = 100;

const money = (value: number) => value.toFixed(2);

/** A whole tier in one line, for the history of an added or removed tier: turf range / lot-size end / f1-f4. */
function summary(tier: Omit<LotSizeOption, 'id'>): string {
  const prices = PRICE_KEYS.map((key) => money(tier.serviceFrequency[key])).join('/');
  return `${tier.turfSizeStart}-${tier.turfSizeEnd} / ${tier.lotSizeEnd} / ${prices}`.slice(0, VALUE_MAX);
}

function valueChanges(before: LotSizeOption, after: TierValues): TierChange[] {
  const changes: TierChange[] = [];
  const lotSize = after.name;
  if (before.name !== after.name) {
    changes.push({ lotSize, field: 'name', fromValue: before.name, toValue: after.name });
  }
  for (const field of SIZE_FIELDS) {
    if (before[field] !== after[field]) {
      changes.push({ lotSize, field, fromValue: String(before[field]), toValue: String(after[field]) });
    }
  }
  for (const key of PRICE_KEYS) {
    const from = before.serviceFrequency[key];
    const to = after.serviceFrequency[key];
    if (money(from) !== money(to)) changes.push({ lotSize, field: key, fromValue: money(from), toValue: money(to) });
  }
  return changes;
}

/**
 * What saving `after` over `before` does. Tiers are matched by id. When `keepsIds` (the table being edited is the
 * one `before` was read from) a matched tier is updated in place, so its id (the businesslogicId clients hold) stays
 * the same, and an id not in `before` is refused (`unknownIds`: their indexes in `after`). Otherwise (a market's
 * first edit copies the default table) every tier is inserted anew, and the ids only say which default tier a tier
 * came from, so the history shows what differs from the default.
 */
export function diffTables(
  before: readonly LotSizeOption[],
  after: readonly LotSizeTierInput[],
  { keepsIds }: { keepsIds: boolean },
): TableDiff | { unknownIds: number[] } {
  const byId = new Map(before.map((tier) => [tier.id, tier]));
  const matched = new Set<number>();
  const diff: TableDiff = { changes: [], updated: [], inserted: [], removedIds: [] };
  const unknownIds: number[] = [];

  after.forEach(({ id, ...tier }, position) => {
    const values: TierValues = { ...tier, position };
    const previous = id === undefined ? undefined : byId.get(id);
    if (id !== undefined && !previous && keepsIds) {
      unknownIds.push(position);
      return;
    }
    if (!previous) {
      diff.inserted.push(values);
      diff.changes.push({ lotSize: tier.name, field: 'added', fromValue: null, toValue: summary(tier) });
      return;
    }
    matched.add(previous.id);
    const changes = valueChanges(previous, values);
    diff.changes.push(...changes);
    if (!keepsIds) diff.inserted.push(values);
    else if (changes.length > 0 || before.indexOf(previous) !== position)
      diff.updated.push({ id: previous.id, values });
  });
  if (unknownIds.length > 0) return { unknownIds };

  for (const tier of before) {
    if (matched.has(tier.id)) continue;
    if (keepsIds) diff.removedIds.push(tier.id);
    diff.changes.push({ lotSize: tier.name, field: 'removed', fromValue: summary(tier), toValue: null });
  }
  return diff;
}
