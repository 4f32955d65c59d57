import type { FastifyContextConfig, FastifyInstance, HTTPMethods } from 'fastify';

/** One registered route as declared: its method, its path pattern (`/api/reports/:id`) and its route config. */
export type RegisteredRoute = { method: HTTPMethods; url: string; config: FastifyContextConfig };

declare module 'fastify' {
  // Declaration merging needs an interface; this adds the instance member.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Every route registered after `registerRouteTable`, in registration order. */
    routeTable: readonly RegisteredRoute[];
  }
}

/**
 * Records every route as it is registered, so the whole table (with each route's declared access and options) can be
 * checked at once: the role-by-route test compares it with its expectations, and a new route cannot go unnoticed.
 * Register it before any route.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, config: route.config ?? {} });
  });
}
