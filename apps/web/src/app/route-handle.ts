import { useMatches } from 'react-router';
import { PRODUCT_NAME } from './product';

/** Every route declares its title here; the top bar and the browser tab show it. */
export type RouteHandle = { title: string };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** Title of the deepest matched route that declares one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  return matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
