import {
  EXTERNAL_SCOPES,
  ROLES,
  type ExternalAccess,
  type ExternalScope,
  type Role,
  type UserSummary,
} from '@lawn/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { verifyAccessToken } from '../tokens/access-token';
import { verifyExternalToken } from '../tokens/external-token';
import { forbidden, unauthorized } from './errors';
import type { SecuritySchemeName } from './openapi';

/**
 * A route for customers holding an external access token (not staff): the token must carry this scope and its
 * property must still be live. Staff tokens are refused here, and external tokens on every other non-public route.
 */
export type ExternalAccessRule = { external: ExternalScope };

/**
 * A route of the customer's own pages (/web/account): a customer signed in to their web account (role customers), or
 * a customer holding an external token with this scope (one reached by phone or account number). Staff get 403.
 */
export type CustomerAccessRule = { customer: ExternalScope };

/**
 * Who may call a route. Every /api route must say it in `config.access`; there is no default, so a new route
 * cannot ship without a permission decision.
 */
export type Access = 'public' | 'authenticated' | readonly Role[] | ExternalAccessRule | CustomerAccessRule;

/** The customer a customer route runs for: a signed-in customer user, or the property of an external token. */
export type CustomerCaller = { kind: 'user'; user: AuthUser } | { kind: 'external'; access: ExternalAccess };

/** The signed-in user as loaded for the request (fresh from the database, so role and status are current). */
export type AuthUser = UserSummary;

declare module 'fastify' {
  // Declaration merging needs interfaces; these add our route option and request member.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    user: AuthUser | null;
    /** The property and scopes of an external token, set on routes with an external access rule only. */
    external: ExternalAccess | null;
  }
}

export type AccessControlOptions = {
  jwtSecret: string;
  /**
   * The active user with this id whose session (the access token's `sid`) is still live, or null. Unknown or disabled
   * users and ended sessions (logout, a reused refresh token, a password reset) lose access at once, on every API
   * process, because the answer comes from the database: one statement per request.
   */
  findSessionUser: (sessionId: string, userId: number) => Promise<AuthUser | null>;
  /** Whether the property of an external token still exists (a deleted property's tokens stop working at once). */
  isLiveProperty: (propertyId: number) => Promise<boolean>;
  /** URL prefixes under /api served by third-party plugins (the API docs), which are public by nature. */
  publicPrefixes: readonly string[];
};

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Whether `access` is exactly `{ [key]: <a known scope> }`. */
function isScopeRule(access: unknown, key: 'external' | 'customer'): boolean {
  if (typeof access !== 'object' || access === null || Array.isArray(access)) return false;
  const keys = Object.keys(access);
  const scope: unknown = (access as Record<string, unknown>)[key];
  return keys.length === 1 && keys[0] === key && (EXTERNAL_SCOPES as readonly unknown[]).includes(scope);
}

function isExternalAccessRule(access: unknown): access is ExternalAccessRule {
  return isScopeRule(access, 'external');
}

function isCustomerAccessRule(access: unknown): access is CustomerAccessRule {
  return isScopeRule(access, 'customer');
}

function describeAccess(access: unknown): Access {
  if (access === 'public' || access === 'authenticated') return access;
  if (isExternalAccessRule(access) || isCustomerAccessRule(access)) return access;
  if (
    Array.isArray(access) &&
    access.length > 0 &&
    access.every((role) => (ROLES as readonly string[]).includes(role))
  ) {
    return access as readonly Role[];
  }
  throw new Error(`invalid access rule ${JSON.stringify(access)}`);
}

/**
 * The user and live session an access token names, or null when the token is not a valid access token (an external
 * token included) or its session or user is no longer live.
 */
export async function authenticateAccessToken(
  token: string,
  options: Pick<AccessControlOptions, 'jwtSecret' | 'findSessionUser'>,
): Promise<{ user: AuthUser; sessionId: string } | null> {
  const claims = await verifyAccessToken(token, options.jwtSecret);
  if (!claims) return null;
  const user = await options.findSessionUser(claims.sessionId, claims.userId);
  return user ? { user, sessionId: claims.sessionId } : null;
}

/**
 * Registers the access check on the root instance: an onRoute hook that refuses (at start-up) any /api route without
 * an access rule and puts the authentication guard in front of every non-public one.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  app.decorateRequest('user', null);
  app.decorateRequest('external', null);

  const bearerToken = (request: FastifyRequest): string => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    return match[1];
  };

  const authenticate = async (request: FastifyRequest): Promise<AuthUser> => {
    // Audience-bound: an external token is not a staff token, so it gets 401 on every staff route.
    const session = await authenticateAccessToken(bearerToken(request), options);
    if (!session) throw unauthorized();
    return session.user;
  };

  const guardFor = (access: 'authenticated' | readonly Role[]): onRequestHookHandler =>
    async function accessGuard(request) {
      const user = await authenticate(request);
      request.user = user;
      if (access !== 'authenticated' && !access.includes(user.role)) throw forbidden();
    };

  const externalGuardFor = (rule: ExternalAccessRule): onRequestHookHandler =>
    async function externalAccessGuard(request) {
      // Audience-bound as well: a staff token (even an Admin's) is not an external token and gets 401 here.
      const external = await verifyExternalToken(bearerToken(request), options.jwtSecret);
      // A token whose property is gone identifies no one any more: 401, before any question of scope.
      if (!external || !(await options.isLiveProperty(external.propertyId))) throw unauthorized();
      if (!external.scopes.includes(rule.external)) throw forbidden();
      request.external = external;
    };

  const customerGuardFor = (rule: CustomerAccessRule): onRequestHookHandler =>
    async function customerAccessGuard(request) {
      const token = bearerToken(request);
      const claims = await verifyAccessToken(token, options.jwtSecret);
      if (claims) {
        // A signed-out customer session loses access at once, like a staff one.
        const user = await options.findSessionUser(claims.sessionId, claims.userId);
        if (!user) throw unauthorized();
        request.user = user;
        // Staff have their own routes for the same pages; a customer route is the customer's only.
        if (user.role !== 'customers') throw forbidden();
        return;
      }
      const external = await verifyExternalToken(token, options.jwtSecret);
      if (!external || !(await options.isLiveProperty(external.propertyId))) throw unauthorized();
      if (!external.scopes.includes(rule.customer)) throw forbidden();
      request.external = external;
    };

  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url) || options.publicPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const declared = route.config?.access;
    if (declared === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} has no access rule: add config: { access: 'public' | 'authenticated' | [roles] | { external: scope } | { customer: scope } }`,
      );
    }
    let access: Access;
    try {
      access = describeAccess(declared);
    } catch (error) {
      throw new Error(`${String(route.method)} ${route.url}: ${(error as Error).message}`, { cause: error });
    }
    // The document says what each route takes, a public route included (nothing), so a client never has to guess.
    route.schema = { ...route.schema, security: documentedSecurity(access) };
    if (access === 'public') return;
    const existing =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    const guard = isExternalAccessRule(access)
      ? externalGuardFor(access)
      : isCustomerAccessRule(access)
        ? customerGuardFor(access)
        : guardFor(access);
    // Authentication runs first, before body parsing and validation: strangers learn nothing about the payload rules.
    route.onRequest = [guard, ...existing];
  });
}

/**
 * The OpenAPI security of a route with this access: none for a public route, a signed-in user's token, an external
 * token, or either of them on a customer's own routes.
 */
function documentedSecurity(access: Access): Partial<Record<SecuritySchemeName, []>>[] {
  if (access === 'public') return [];
  if (isExternalAccessRule(access)) return [{ externalToken: [] }];
  if (isCustomerAccessRule(access)) return [{ bearerAuth: [] }, { externalToken: [] }];
  return [{ bearerAuth: [] }];
}

/** The user a guarded handler runs for; only reachable behind a non-public access rule. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The property and scopes an external handler runs for; only reachable behind an external access rule. */
export function requireExternal(request: FastifyRequest): ExternalAccess {
  if (!request.external) throw unauthorized();
  return request.external;
}

/** The customer a customer route runs for; only reachable behind a customer access rule. */
export function requireCustomer(request: FastifyRequest): CustomerCaller {
  if (request.user?.role === 'customers') return { kind: 'user', user: request.user };
  if (request.external) return { kind: 'external', access: request.external };
  throw unauthorized();
}
