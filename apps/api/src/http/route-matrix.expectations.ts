import type { Access } from './auth';

/**
 * What a path parameter is filled with. `property` is one live customer record; `spareProperty` a fresh one per
 * request (for calls that delete it). `report` and `notification` belong to a user: each caller gets one of their
 * own, and the test also tries another user's, which must answer 404 (or 403) and never show or touch it.
 */
export type Fixture = 'property' | 'spareProperty' | 'report' | 'notification';
export const OWNED_FIXTURES: readonly Fixture[] = ['report', 'notification'];

export type RouteExpectation = {
  /** Who may call the route: its declared `config.access` must be exactly this. */
  access: Access;
  /** POST only, and required there: whether it creates something a client may retry (then it must be idempotent). */
  creates?: boolean;
  /** The fixture behind each path parameter. */
  params?: Record<string, Fixture>;
  /** A body that passes validation, for routes whose ownership check comes after it. */
  body?: unknown;
};

// Written out rather than taken from the shared role lists: a change to a shared list must show up here.
const OFFICE = ['Admin', 'Manager', 'Representative', 'customer-service'] as const;
const STAFF = ['Admin', 'Manager', 'Representative', 'customer-service', 'crew'] as const;
const ADMIN_AND_MANAGER = ['Admin', 'Manager'] as const;
const byId = { id: 'property' } as const;

/**
 * Every API route, keyed 'METHOD /path' as registered ('GET' rows cover the automatic 'HEAD' twins). A route missing
 * here fails the role-by-route test, so each new route comes with its access decision written down.
 */
export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  'GET /api/health': { access: 'public' },

  'POST /api/auth/login': { access: 'public', creates: false },
  'POST /api/auth/refresh': { access: 'public', creates: false },
  'POST /api/auth/logout': { access: 'public', creates: false },
  'POST /api/auth/recover-password': { access: 'public', creates: false },
  'POST /api/auth/reset-password': { access: 'public', creates: false },

  'GET /api/me': { access: 'authenticated' },
  'GET /api/helper/weeks': { access: 'authenticated' },
  'GET /api/helper/date-info': { access: 'authenticated' },

  'GET /api/users': { access: OFFICE },
  'GET /api/markets': { access: STAFF },

  'GET /api/notifications': { access: STAFF },
  'PATCH /api/notifications': { access: STAFF },
  'PATCH /api/notifications/:id': { access: STAFF, params: { id: 'notification' }, body: { status: 0 } },

  'POST /api/reports/customers': { access: OFFICE, creates: true },
  'GET /api/reports': { access: OFFICE },
  'GET /api/reports/:id': { access: OFFICE, params: { id: 'report' } },
  'GET /api/reports/:id/download': { access: OFFICE, params: { id: 'report' } },
  'POST /api/reports/:id/send': {
    access: OFFICE,
    creates: false,
    params: { id: 'report' },
    body: { emails: ['someone@example.com'] },
  },
  'POST /api/reports/:id/retry': { access: OFFICE, creates: false, params: { id: 'report' } },
  'DELETE /api/reports/:id': { access: OFFICE, params: { id: 'report' } },

  'GET /api/customers': { access: OFFICE },
  'GET /api/customers/verify/email': { access: OFFICE },
  'GET /api/customers/verify/account': { access: OFFICE },
  'GET /api/customers/:id': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id/type-cellphone': { access: OFFICE, params: byId },
  'DELETE /api/customers/:id': { access: ADMIN_AND_MANAGER, params: { id: 'spareProperty' } },
  'GET /api/customers/:id/history': { access: OFFICE, params: byId },
  'GET /api/customers/:id/calendar': { access: OFFICE, params: byId },
  'GET /api/customers/:id/calendar/activities': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id/attributes': { access: OFFICE, params: byId },
  'GET /api/customers/:id/skipsCount': { access: OFFICE, params: byId },
  'GET /api/customers/:id/service-notes': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id/service-notes': { access: OFFICE, params: byId },
  'DELETE /api/customers/:id/service-notes': { access: OFFICE, params: byId },
  'GET /api/customers/downloadSchedule/:id': { access: OFFICE, params: byId },
  'GET /api/customers/sendSchedule/:id': { access: OFFICE, params: byId },

  'GET /api/external/calendar': { access: { external: 'calendar' } },

  'GET /api/payments/public-key': { access: 'public' },
  'GET /api/customers/:id/payment-methods': { access: OFFICE, params: byId },
  'GET /api/customers/:id/payment-method': { access: OFFICE, params: byId },
  // A change makes a new gateway token: a retry with the same Idempotency-Key must not make a second one.
  'PATCH /api/customers/:id/update-credit-card': { access: OFFICE, creates: true, params: byId },
  'GET /api/customer/payment-methods': { access: { customer: 'payment-method' } },
  'GET /api/customer/:id/payment-method': { access: { customer: 'payment-method' }, params: byId },
  'PATCH /api/customer/:id/update-credit-card': { access: { customer: 'payment-method' }, creates: true, params: byId },

  'GET /api/invoices': { access: OFFICE },

  'GET /api/schedule': { access: ADMIN_AND_MANAGER },
  'PUT /api/schedule': { access: ADMIN_AND_MANAGER },
  'GET /api/schedule/status': { access: ADMIN_AND_MANAGER },
  'GET /api/schedule/season-start-summary': { access: ADMIN_AND_MANAGER },
};
