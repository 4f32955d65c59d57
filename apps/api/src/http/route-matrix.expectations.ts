import type { Access } from './auth';

/**
 * What a path parameter is filled with. `property` is one live customer record; `spareProperty` a fresh one per
 * request (for calls that delete it). `report`, `savedSearch` and `notification` belong to a user: each caller gets one of their
 * own, and the test also tries another user's, which must answer 404 (or 403) and never show or touch it. `market`
 * is the test's market, `spareServiceZone` a fresh zone of it per request, `zipcode` a zip that market serves.
 * `squareFeet` is a size in sq ft inside the default price table. `note` and `location` are a fresh note and a fresh
 * location of `property` per request (for calls that change or delete them); `bushBedService` likewise. `attachmentNote`
 * is a fresh note of `property` and `attachment` a fresh stored file of it (a parameter after `attachmentNote`). `visit`
 * is a fresh checked-out visit of `property` and `visitPhoto` a stored photo of it (a parameter after `visit`).
 * `alarm` is a fresh alarm of the caller's; it is not an owned fixture, since Admin and Manager reach everyone's (the
 * alarms' own test checks that the other roles get 404 on another's).
 * `invoice` is a fresh declined invoice of `property` per request.
 */
export type Fixture =
  | 'property'
  | 'spareProperty'
  | 'report'
  | 'savedSearch'
  | 'notification'
  | 'market'
  | 'spareServiceZone'
  | 'zipcode'
  | 'squareFeet'
  | 'note'
  | 'attachmentNote'
  | 'location'
  | 'bushBedService'
  | 'attachment'
  | 'visit'
  | 'visitPhoto'
  | 'alarm'
  | 'invoice';
export const OWNED_FIXTURES: readonly Fixture[] = ['report', 'savedSearch', 'notification'];

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
const INVOICE_COLLECTION = ['Admin', 'Manager', 'customer-service'] as const;
const APPROVERS = ['Admin', 'Manager', 'customer-service'] as const;
const REFERRAL_EDITORS = ['Admin', 'Manager', 'Representative'] as const;
const byId = { id: 'property' } as const;
const USER_ADMINS = ['Admin', 'Manager'] as const;
const ADMIN = ['Admin'] as const;

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
  'POST /api/web/auth/login': { access: 'public', creates: false },
  'POST /api/web/auth/recover-password': { access: 'public', creates: false },
  'POST /api/web/auth/reset-password': { access: 'public', creates: false },

  'GET /api/me': { access: 'authenticated' },
  'GET /api/helper/weeks': { access: 'authenticated' },
  'GET /api/helper/date-info': { access: 'authenticated' },

  'GET /api/users': { access: OFFICE },
  'GET /api/users/:id': { access: USER_ADMINS, params: byId },
  'POST /api/users': { access: USER_ADMINS, creates: true },
  'PATCH /api/users/:id': { access: USER_ADMINS, params: byId },
  'GET /api/users/:id/history': { access: USER_ADMINS, params: byId },
  'GET /api/crew-members/:id': { access: USER_ADMINS, params: byId },
  'POST /api/crew-members': { access: USER_ADMINS, creates: true },
  'PATCH /api/crew-members/:id': { access: USER_ADMINS, params: byId },
  'GET /api/bb-crews': { access: USER_ADMINS },
  'GET /api/bb-crews/:id': { access: USER_ADMINS, params: byId },
  'POST /api/bb-crews': { access: USER_ADMINS, creates: true },
  'PATCH /api/bb-crews/:id': { access: USER_ADMINS, params: byId },
  'GET /api/crew-payments': { access: USER_ADMINS },
  'POST /api/crew-payments/upload': { access: USER_ADMINS, creates: true },
  'GET /api/crew-payments/template': { access: USER_ADMINS },
  'GET /api/picklists': { access: OFFICE },
  'GET /api/markets': { access: STAFF },
  'GET /api/markets/:id': { access: STAFF, params: { id: 'market' } },
  'GET /api/settings': { access: OFFICE },
  'PATCH /api/settings': { access: ADMIN },
  'PATCH /api/settings/markets/:id': { access: ADMIN, params: { id: 'market' } },
  'PUT /api/markets/:id/depot': { access: ['Admin'], params: { id: 'market' } },

  'GET /api/market-map/stops': { access: OFFICE },
  'GET /api/market-map/stop-details': { access: OFFICE },
  'POST /api/market-map/crew': { access: OFFICE, creates: false },
  'PUT /api/market-map/route-order': { access: OFFICE },
  'GET /api/mow-availabilities/markets/:marketId/slots': { access: OFFICE, params: { marketId: 'market' } },
  'GET /api/mow-availabilities/markets/:marketId/week': { access: OFFICE, params: { marketId: 'market' } },
  'PUT /api/mow-availabilities/markets/:marketId/week': { access: ADMIN_AND_MANAGER, params: { marketId: 'market' } },
  'GET /api/mow-availabilities/markets/:marketId/capacity': { access: OFFICE, params: { marketId: 'market' } },
  'GET /api/dashboard': { access: OFFICE },
  'GET /api/web/start-days': { access: 'public' },

  'GET /api/service-zones': { access: OFFICE },
  'POST /api/service-zones': { access: ADMIN_AND_MANAGER, creates: true },
  'PATCH /api/service-zones/:id': { access: ADMIN_AND_MANAGER, params: { id: 'spareServiceZone' } },
  'DELETE /api/service-zones/:id': { access: ADMIN_AND_MANAGER, params: { id: 'spareServiceZone' } },

  'GET /api/states': { access: OFFICE },
  'GET /api/us-zips/:zipcode': { access: OFFICE, params: { zipcode: 'zipcode' } },
  'GET /api/zip-code/:zipcode': { access: OFFICE, params: { zipcode: 'zipcode' } },
  'GET /api/places/suggestions': { access: OFFICE },
  'GET /api/places/geocode': { access: OFFICE },
  'GET /api/places/property-data': { access: OFFICE },

  // Read-only look-ups of the public quote and sign-up.
  'GET /api/web/states': { access: 'public' },
  'GET /api/web/zip-code/:zipcode': { access: 'public', params: { zipcode: 'zipcode' } },
  'GET /api/web/places/suggestions': { access: 'public' },
  'GET /api/web/map-settings': { access: 'public' },
  'GET /api/web/sign-up-settings': { access: 'public' },
  'POST /api/web/customers': { access: 'public', creates: true },
  'POST /api/web/leads': { access: 'public', creates: true },
  'GET /api/leads': { access: OFFICE },

  // The whole office reads the referral pages; Admin, Manager and Representative keep them. An id no referral has
  // answers 404 to whoever may call, which is all the matrix needs.
  'GET /api/referral': { access: OFFICE },
  'POST /api/referral': { access: REFERRAL_EDITORS, creates: true },
  'PATCH /api/referral/:id': { access: REFERRAL_EDITORS, params: byId },
  'DELETE /api/referral/:id': { access: REFERRAL_EDITORS, params: byId },
  'POST /api/referral/changes': { access: REFERRAL_EDITORS, creates: true },
  'POST /api/referral/types': { access: REFERRAL_EDITORS, creates: true },
  'PATCH /api/referral/:id/types': { access: REFERRAL_EDITORS, params: byId },
  'DELETE /api/referral/:id/types': { access: REFERRAL_EDITORS, params: byId },

  'GET /api/base-price': { access: OFFICE },
  'PUT /api/base-price': { access: ADMIN_AND_MANAGER },
  'GET /api/base-price/changes': { access: ADMIN_AND_MANAGER },
  'GET /api/base-price/lot-size/:lotSize': { access: OFFICE, params: { lotSize: 'squareFeet' } },
  'GET /api/base-price/turf-size/:turfSize': { access: OFFICE, params: { turfSize: 'squareFeet' } },
  'GET /api/base-price/:id': { access: OFFICE, params: byId },
  'GET /api/logics/baggrass': { access: OFFICE },
  'GET /api/web/base-price': { access: 'public' },
  'GET /api/web/logics/baggrass': { access: 'public' },
  'GET /api/price-updates': { access: ADMIN_AND_MANAGER },
  'GET /api/price-updates/jobs': { access: ADMIN_AND_MANAGER },
  'POST /api/price-updates/preview': { access: ADMIN_AND_MANAGER, creates: false },
  'POST /api/price-updates': { access: ADMIN_AND_MANAGER, creates: true },
  'POST /api/price-updates/upload': { access: ADMIN_AND_MANAGER, creates: true },
  'GET /api/price-updates/template': { access: ADMIN_AND_MANAGER },
  'GET /api/price-updates/:id': { access: ADMIN_AND_MANAGER, params: byId },
  'GET /api/price-updates/:id/items': { access: ADMIN_AND_MANAGER, params: byId },
  'POST /api/price-updates/:id/undo': { access: ADMIN_AND_MANAGER, creates: false, params: byId },

  'GET /api/notifications': { access: STAFF },
  'PATCH /api/notifications': { access: STAFF },
  'PATCH /api/notifications/:id': { access: STAFF, params: { id: 'notification' }, body: { status: 0 } },
  // The WebSocket: public to open, its first message must carry a live staff session's token (else closed).
  'GET /api/notifications/stream': { access: 'public' },

  'POST /api/reports/customers': { access: OFFICE, creates: true },
  'GET /api/reports/operations': { access: OFFICE },
  'POST /api/reports/operations': { access: OFFICE, creates: true },
  'GET /api/reports/reconciliation': { access: OFFICE },
  'POST /api/reports/reconciliation': { access: OFFICE, creates: true },
  'GET /api/reports/bush-bed': { access: OFFICE },
  'POST /api/reports/bush-bed': { access: OFFICE, creates: true },
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
  'GET /api/saved-searches': { access: OFFICE },
  'POST /api/saved-searches': { access: OFFICE, creates: true },
  'GET /api/saved-searches/:id/customers': { access: OFFICE, params: { id: 'savedSearch' } },
  'DELETE /api/saved-searches/:id': { access: OFFICE, params: { id: 'savedSearch' } },

  'GET /api/alarms': { access: OFFICE },
  'GET /api/alarms/today': { access: OFFICE },
  'GET /api/alarms/:id': { access: OFFICE, params: { id: 'alarm' } },
  'POST /api/alarms': { access: OFFICE, creates: true },
  'PATCH /api/alarms/:id': { access: OFFICE, params: { id: 'alarm' } },
  'PATCH /api/alarms/:id/status': { access: OFFICE, params: { id: 'alarm' } },
  'DELETE /api/alarms': { access: OFFICE },

  'GET /api/customers': { access: OFFICE },
  'POST /api/customers': { access: OFFICE, creates: true },
  'GET /api/customers/verify/email': { access: OFFICE },
  'GET /api/customers/verify/account': { access: OFFICE },
  'GET /api/customers/:id': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id/type-cellphone': { access: OFFICE, params: byId },
  'DELETE /api/customers/:id': { access: ADMIN_AND_MANAGER, params: { id: 'spareProperty' } },
  'GET /api/customers/:id/history': { access: OFFICE, params: byId },
  'GET /api/customers/:id/property-answers': { access: STAFF, params: byId },
  'GET /api/customers/:id/calendar': { access: OFFICE, params: byId },
  'GET /api/customers/:id/calendar/activities': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id/attributes': { access: OFFICE, params: byId },
  'GET /api/customers/:id/skipsCount': { access: OFFICE, params: byId },
  'GET /api/customers/:id/calendar/todo': { access: OFFICE, params: byId },
  // Without a version it adds the week's to-do: a retry with the same Idempotency-Key must not add it twice.
  'PATCH /api/customers/:id/todos': { access: OFFICE, creates: true, params: byId },
  'GET /api/customers/:id/service-notes': { access: OFFICE, params: byId },
  'PATCH /api/customers/:id/service-notes': { access: OFFICE, params: byId },
  'DELETE /api/customers/:id/service-notes': { access: OFFICE, params: byId },
  'GET /api/customers/downloadSchedule/:id': { access: OFFICE, params: byId },
  'GET /api/customers/sendSchedule/:id': { access: OFFICE, params: byId },
  'POST /api/customers/:id/approve': { access: APPROVERS, creates: false, params: byId, body: { version: 1 } },
  'POST /api/customers/:id/reject': { access: APPROVERS, creates: true, params: byId },
  'GET /api/customers/:id/deletion-request': { access: OFFICE, params: byId },
  'POST /api/customers/:id/deletion-request': { access: OFFICE, creates: true, params: byId },
  'GET /api/customers/:id/notes': { access: OFFICE, params: byId },
  'GET /api/customers/:id/fiveMow': { access: OFFICE, params: byId },
  'POST /api/customers/:id/fiveMow': { access: OFFICE, creates: true, params: byId },
  'GET /api/customers/:id/special-request-popup': { access: OFFICE, params: byId },
  'POST /api/customers/:id/notes': { access: OFFICE, creates: true, params: byId },
  'DELETE /api/customers/:id/notes': { access: OFFICE, params: byId, body: { ids: [1] } },
  'PATCH /api/customers/:id/notes/:noteId': { access: OFFICE, params: { id: 'property', noteId: 'note' } },
  'DELETE /api/customers/:id/notes/:noteId': { access: OFFICE, params: { id: 'property', noteId: 'note' } },
  'GET /api/customers/:id/notes/:noteId/attachments': { access: OFFICE, params: { id: 'property', noteId: 'note' } },
  'POST /api/customers/:id/notes/:noteId/attachments': {
    access: OFFICE,
    creates: true,
    params: { id: 'property', noteId: 'note' },
  },
  'GET /api/customers/:id/notes/:noteId/attachments/:attachmentId/download': {
    access: OFFICE,
    params: { id: 'property', noteId: 'attachmentNote', attachmentId: 'attachment' },
  },
  'DELETE /api/customers/:id/notes/:noteId/attachments/:attachmentId': {
    access: OFFICE,
    params: { id: 'property', noteId: 'attachmentNote', attachmentId: 'attachment' },
  },
  'GET /api/customers/:id/completed-services': { access: OFFICE, params: byId },
  'GET /api/customers/:id/completed-services/:visitId/photos/:photoId': {
    access: OFFICE,
    params: { id: 'property', visitId: 'visit', photoId: 'visitPhoto' },
  },
  'GET /api/customers/:id/locations': { access: OFFICE, params: byId },
  'GET /api/customers/:id/bush-bed': { access: OFFICE, params: byId },
  'POST /api/customers/:id/bush-bed': { access: OFFICE, creates: true, params: byId },
  'GET /api/customers/:id/bush-bed/:serviceId': {
    access: OFFICE,
    params: { id: 'property', serviceId: 'bushBedService' },
  },
  'PATCH /api/customers/:id/bush-bed/:serviceId': {
    access: OFFICE,
    params: { id: 'property', serviceId: 'bushBedService' },
  },
  'GET /api/customers/:id/bbCalendar': { access: OFFICE, params: byId },
  'POST /api/customers/:id/web-account-invitation': { access: ['Admin', 'Manager'], creates: true, params: byId },
  'POST /api/customers/:id/locations': { access: OFFICE, creates: true, params: byId },
  'PATCH /api/customers/:id/locations/:locationId': {
    access: OFFICE,
    params: { id: 'property', locationId: 'location' },
  },
  'DELETE /api/customers/:id/locations/:locationId': {
    access: OFFICE,
    params: { id: 'property', locationId: 'location' },
  },

  // How a customer gets an external token: public, rate-limited per address, and an unknown number answers 401. The
  // phone door's tokens carry the calendar and payments scopes only; the account-number door's the payment pages too.
  'POST /api/external/search-phone': { access: 'public', creates: false },
  'POST /api/external/login-account': { access: 'public', creates: false },
  'GET /api/external/calendar': { access: { external: 'calendar' } },
  'GET /api/external/payments': { access: { external: 'payments' } },
  // Only a photo of the token's own property is found: the visit is looked up under the token's property.
  'GET /api/external/visits/:visitId/photos/:photoId': {
    access: { external: 'calendar' },
    params: { visitId: 'visit', photoId: 'visitPhoto' },
  },

  // The web account's proof of service: the caller's own properties only; a property, visit or photo of another
  // customer answers 404.
  'GET /api/web/visits': { access: { customer: 'calendar' } },
  'GET /api/web/visits/:visitId/photos/:photoId': {
    access: { customer: 'calendar' },
    params: { visitId: 'visit', photoId: 'visitPhoto' },
  },

  'GET /api/payments/public-key': { access: 'public' },
  'GET /api/customers/:id/payment-methods': { access: OFFICE, params: byId },
  'GET /api/customers/:id/payment-method': { access: OFFICE, params: byId },
  // A change makes a new gateway token: a retry with the same Idempotency-Key must not make a second one.
  'PATCH /api/customers/:id/update-credit-card': { access: OFFICE, creates: true, params: byId },
  'GET /api/customer/payment-methods': { access: { customer: 'payment-method' } },
  'GET /api/customer/:id/payment-method': { access: { customer: 'payment-method' }, params: byId },
  // With an external token the body must also carry the identity check (service zip code, phone's last four digits),
  // counted in the look-ups' per-address limit; the matrix's bodiless calls get 400 before any of it.
  'PATCH /api/customer/:id/update-credit-card': { access: { customer: 'payment-method' }, creates: true, params: byId },

  // The crew's day: crew members only; each sees and checks the stops of their own crew (the service's check).
  'GET /api/crew/today': { access: ['crew'] },
  'POST /api/crew/stops/:propertyId/check-in': { access: ['crew'], creates: true, params: { propertyId: 'property' } },
  'POST /api/crew/stops/:propertyId/check-out': { access: ['crew'], creates: true, params: { propertyId: 'property' } },

  'GET /api/invoices': { access: OFFICE },
  // A declined invoice: the office reads its attempts; those who collect payments retry it or mark it paid.
  'GET /api/invoices/:id/attempts': { access: OFFICE, params: { id: 'invoice' } },
  'POST /api/invoices/:id/retry': { access: INVOICE_COLLECTION, creates: false, params: { id: 'invoice' } },
  'POST /api/invoices/:id/mark-paid': {
    access: INVOICE_COLLECTION,
    creates: false,
    params: { id: 'invoice' },
    body: { method: 'cash', note: 'Matrix', version: 1 },
  },
  // Settling a visit nobody checked out of changes it once (409 after); a confirmed done adds a pending invoice.
  'GET /api/billing/visits-to-confirm': { access: OFFICE },
  'POST /api/billing/visits-to-confirm/:id/confirm': {
    access: OFFICE,
    creates: false,
    params: { id: 'visit' },
    body: { result: 'done' },
  },

  'GET /api/schedule': { access: ADMIN_AND_MANAGER },
  'PUT /api/schedule': { access: ADMIN_AND_MANAGER },
  'GET /api/schedule/status': { access: ADMIN_AND_MANAGER },
  'GET /api/schedule/season-start-summary': { access: ADMIN_AND_MANAGER },
};
