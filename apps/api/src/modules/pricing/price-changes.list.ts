import { PG_INTEGER_RANGES } from '@lawn/shared';
import { eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { priceChanges } from '../../db/schema';
import { filter, type ListDefinition } from '../../http/list-query';

/** `default` names the default table; a number names a market. */
const DEFAULT_TABLE = 'default';
const marketValue = z.union([
  z.literal(DEFAULT_TABLE),
  z.coerce.number().int().min(1).max(PG_INTEGER_RANGES.integer.max),
]);

/** GET /api/base-price/changes: the history of the price tables, newest first. */
export const priceChangesList: ListDefinition = {
  filters: {
    market: filter(
      marketValue,
      (values) =>
        or(
          ...values.map((value) =>
            value === DEFAULT_TABLE ? isNull(priceChanges.marketId) : eq(priceChanges.marketId, value),
          ),
        ),
      { description: `A market id, or ${DEFAULT_TABLE} for the default table` },
    ),
  },
  sorts: { createdAt: priceChanges.createdAt, id: priceChanges.id },
  defaultSort: '-id',
  defaultLimit: 10,
  maxLimit: 100,
  tiebreak: priceChanges.id,
};
