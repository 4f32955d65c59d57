import { APP_PATHS } from '@lawn/shared';

/** Screens reached from a list get a Back button, so going back keeps the list's page and filters. */
const BACK_BUTTON_PATHS: readonly string[] = [APP_PATHS.editCustomer, APP_PATHS.paymentList];

export function hasBackButton(pathname: string): boolean {
  return BACK_BUTTON_PATHS.includes(pathname);
}
