import { apiErrorSchema, meSchema } from '@lawn/shared';
import { z } from 'zod';

/** Documents the error statuses a route can answer, all with the one error shape. */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Status,
    typeof apiErrorSchema
  >;
}

/**
 * Recursive shared schemas must be named components, or the generated document holds a dangling $ref. The drawer's
 * nav item (children are nav items) is the one so far.
 */
export function registerOpenApiComponents(): void {
  const navItem = meSchema.shape.data.shape.navigation.element;
  if (!z.globalRegistry.has(navItem)) z.globalRegistry.add(navItem, { id: 'NavItem' });
}
