import type { NavItem } from '@lawn/shared';

/** Every url the navigation offers, its children's included. */
function navigationUrls(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => [item.url, ...navigationUrls(item.children ?? [])]);
}

/**
 * Whether the signed-in user may use a page, decided from the navigation the server gave them (the pages their role
 * may open) before the page makes any call: a page that belongs to a navigation entry is open to whoever is offered
 * that entry; a page that belongs to none (`undefined`, the dashboard) to every staff user.
 */
export function mayOpenPage(navigation: readonly NavItem[], entryUrl: string | undefined): boolean {
  return entryUrl === undefined || navigationUrls(navigation).includes(entryUrl);
}
