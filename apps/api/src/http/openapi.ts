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

/**
 * The two kinds of bearer token the API takes, as the document names them. Each route's `security` names the ones it
 * accepts (see `documentedSecurity` in `auth.ts`); a public route names none (`security: []`).
 */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The access token of a signed-in user: `POST /api/auth/login` (staff and crew) or `POST /api/web/auth/login` ' +
      '(customers) answer it, `POST /api/auth/refresh` renews it.',
  },
  externalToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A customer's token for one property, answered by `POST /api/external/search-phone` or " +
      '`POST /api/external/login-account`; it carries the scopes (calendar, payments, payment-method) it opens.',
  },
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

const PATH_PARAMETER = /^(?::(\w+)|\{(\w+)\})$/;

const pascalCase = (word: string): string =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The operationId of a route, derived from its method and path so every operation has one and no two share one: the
 * method, then the path's words after `/api`, and a path that ends in a parameter says which one (`ById`). Path
 * parameters in the middle add nothing: the words around them name the resource.
 *
 *   GET /api/customers             -> getCustomers
 *   GET /api/customers/{id}        -> getCustomersById
 *   POST /api/customers/{id}/notes -> postCustomersNotes
 *   GET /api/base-price/lot-size/{lotSize} -> getBasePriceLotSizeByLotSize
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const words = segments[0] === 'api' ? segments.slice(1) : segments;
  const last = words.at(-1);
  const lastParameter = last === undefined ? undefined : PATH_PARAMETER.exec(last);
  const name = words.filter((word) => !PATH_PARAMETER.test(word)).map(pascalCase);
  if (lastParameter) name.push(`By${pascalCase(lastParameter[1] ?? lastParameter[2] ?? '')}`);
  return `${method.toLowerCase()}${name.join('')}`;
}
