import { ROLES, type Role, type UserSummary } from '@lawn/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { verifyAccessToken } from '../modules/auth/access-token';
import { forbidden, unauthorized } from './errors';

/**
 * Who may call a route. Every /api route must say it in `config.access`; there is no default, so a new route
 * cannot ship without a permission decision.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

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
  }
}

export type AccessControlOptions = {
  jwtSecret: string;
  /** The active user with this id, or null (unknown or disabled users lose access at once). */
  findActiveUser: (id: number) => Promise<AuthUser | null>;
  /** URL prefixes under /api served by third-party plugins (the API docs), which are public by nature. */
  publicPrefixes: readonly string[];
};

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function describeAccess(access: unknown): Access {
  if (access === 'public' || access === 'authenticated') return access;
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
 * Registers the access check on the root instance: an onRoute hook that refuses (at start-up) any /api route without
 * an access rule and puts the authentication guard in front of every non-public one.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  app.decorateRequest('user', null);

  const authenticate = async (request: FastifyRequest): Promise<AuthUser> => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    const claims = await verifyAccessToken(match[1], options.jwtSecret);
    if (!claims) throw unauthorized();
    const user = await options.findActiveUser(claims.userId);
    if (!user) throw unauthorized();
    return user;
  };

  const guardFor = (access: 'authenticated' | readonly Role[]): onRequestHookHandler =>
    async function accessGuard(request) {
      const user = await authenticate(request);
      request.user = user;
      if (access !== 'authenticated' && !access.includes(user.role)) throw forbidden();
    };

  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url) || options.publicPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const declared = route.config?.access;
    if (declared === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} has no access rule: add config: { access: 'public' | 'authenticated' | [roles] }`,
      );
    }
    let access: Access;
    try {
      access = describeAccess(declared);
    } catch (error) {
      throw new Error(`${String(route.method)} ${route.url}: ${(error as Error).message}`, { cause: error });
    }
    if (access === 'public') return;
    const existing =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // Authentication runs first, before body parsing and validation: strangers learn nothing about the payload rules.
    route.onRequest = [guardFor(access), ...existing];
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });
}

/** The user a guarded handler runs for; only reachable behind a non-public access rule. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
