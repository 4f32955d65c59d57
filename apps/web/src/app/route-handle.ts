import { useMatches } from 'react-router';
import { PRODUCT_NAME } from '../lib/product';

/**
 * Every route declares its title here; the top bar and the browser tab show it. A staff page also names the entry of
 * the staff navigation that opens it (`navigation`, a url of `STAFF_NAVIGATION`): a user whose navigation does not
 * offer that entry may not use the page. A page without one (the dashboard) is open to every staff user.
 */
export type RouteHandle = { title: string; navigation?: string };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

function useDeepestHandle(): RouteHandle | undefined {
  return useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
}

/** Title of the deepest matched route that declares one. */
export function useRouteTitle(): string | undefined {
  return useDeepestHandle()?.title;
}

/** The navigation entry the deepest matched route belongs to, if any. */
export function useRouteNavigation(): string | undefined {
  return useDeepestHandle()?.navigation;
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
