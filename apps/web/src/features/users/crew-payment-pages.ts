import { APP_PATHS } from '@lawn/shared';

/** The crew payments list and its upload page. */
export const CREW_PAYMENT_PAGES = { list: APP_PATHS.crewPayments, upload: APP_PATHS.uploadPayment } as const;
