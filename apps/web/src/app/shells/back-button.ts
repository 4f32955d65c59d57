/** Screens reached from a list, where going back keeps the list's page and filters (spec 1 section 2). */
export const BACK_BUTTON_PATHS: readonly string[] = ['/edit-customer', '/payment-list'];

export function hasBackButton(pathname: string): boolean {
  return BACK_BUTTON_PATHS.includes(pathname);
}
