import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_PATHS, EXTERNAL_MESSAGES, STAFF_ROLES, ZIP_PATTERN } from '@lawn/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { mapTileSource, type Config } from './config';
import type { Database } from './db/client';
import { connectionConfigOf } from './db/pg-client';
import { authenticateAccessToken, isApiUrl, registerAccessControl } from './http/auth';
import { errorHandler } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { operationIdOf, registerOpenApiComponents, SECURITY_SCHEMES } from './http/openapi';
import { perAddressLimit } from './http/rate-limits';
import { registerRouteTable } from './http/route-table';
import { createSerializerCompiler } from './http/serializer';
import { NOT_FOUND_MESSAGE } from './http/errors';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { createFileStorage } from './storage/configured-storage';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { createApprovalsService } from './modules/approvals/approvals.service';
import { createPaymentGateway } from './payments/create-gateway';
import type { PaymentGateway } from './payments/gateway';
import { authRoutes, webAuthRoutes } from './modules/auth/auth.routes';
import { createInvoicesService } from './modules/billing/billing.service';
import { invoicesRoutes } from './modules/billing/invoices.routes';
import { declinedChargesRoutes } from './modules/billing/declined-charges.routes';
import { createDeclinedChargesService } from './modules/billing/declined-charges.service';
import { createVisitConfirmationsService } from './modules/billing/visit-confirmations.service';
import { visitsToConfirmRoutes } from './modules/billing/visits-to-confirm.routes';
import { createAuthService } from './modules/auth/auth.service';
import { bushBedRoutes } from './modules/bush-bed/bush-bed.routes';
import { createBushBedService } from './modules/bush-bed/bush-bed.service';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { createCalendarService } from './modules/calendar/calendar.service';
import { serviceNotesRoutes } from './modules/calendar/service-notes.routes';
import { createServiceNotesService } from './modules/calendar/service-notes.service';
import { todosRoutes } from './modules/calendar/todos.routes';
import { createTodosService } from './modules/calendar/todos.service';
import { completedServicesRoutes } from './modules/crew/completed-services.routes';
import { crewRoutes } from './modules/crew/crew.routes';
import { createCrewService } from './modules/crew/crew.service';
import { createVisitsService } from './modules/crew/visits.service';
import { webVisitsRoutes } from './modules/crew/web-visits.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { createCustomersService } from './modules/customers/customers.service';
import { propertyAnswersRoutes } from './modules/customers/property-answers.routes';
import { createPropertyAnswersService } from './modules/customers/property-answers.service';
import { deletionRequestsRoutes } from './modules/deletion-requests/deletion-requests.routes';
import { createDeletionRequestsService } from './modules/deletion-requests/deletion-requests.service';
import { externalRoutes } from './modules/external/external.routes';
import { createExternalService } from './modules/external/external.service';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { helperRoutes } from './modules/helper/helper.routes';
import { createHelperService } from './modules/helper/helper.service';
import { leadsRoutes, publicLeadRoutes } from './modules/leads/leads.routes';
import { createLeadsService } from './modules/leads/leads.service';
import { locationsRoutes } from './modules/locations/locations.routes';
import { createLocationsService } from './modules/locations/locations.service';
import { marketMapRoutes } from './modules/market-map/market-map.routes';
import { createMarketMapService } from './modules/market-map/market-map.service';
import { marketsRoutes } from './modules/markets/markets.routes';
import { publicAvailabilityRoutes } from './modules/availability/availability.public-routes';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { createAvailabilityService } from './modules/availability/availability.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createMarketsService } from './modules/markets/markets.service';
import { meRoutes } from './modules/me/me.routes';
import { attachmentsRoutes } from './modules/notes/attachments.routes';
import { createAttachmentsService } from './modules/notes/attachments.service';
import { newCustomersRoutes } from './modules/new-customers/new-customers.routes';
import { createNewCustomersService } from './modules/new-customers/new-customers.service';
import { fifthMowRoutes } from './modules/notes/fifth-mow.routes';
import { createFifthMowService } from './modules/notes/fifth-mow.service';
import { notesRoutes } from './modules/notes/notes.routes';
import { createNotesService } from './modules/notes/notes.service';
import { createNotificationListener } from './modules/notifications/notification-listener';
import { createNotificationSockets } from './modules/notifications/notification-sockets';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { basePriceRoutes, priceLogicRoutes, publicPriceRoutes } from './modules/pricing/pricing.routes';
import { createPricingService } from './modules/pricing/pricing.service';
import { placesRoutes } from './modules/places/places.routes';
import { publicPlacesRoutes } from './modules/places/places.public-routes';
import { createPlacesService } from './modules/places/places.service';
import { createPlacesProviders } from './modules/places/providers/create-providers';
import type { PlacesProviders } from './modules/places/providers/places-providers';
import { customerPaymentRoutes, paymentKeyRoutes, staffPaymentRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { alarmsRoutes } from './modules/alarms/alarms.routes';
import { createAlarmsService } from './modules/alarms/alarms.service';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service';
import { createReportsService } from './modules/reports/reports.service';
import { selectionReportsRoutes } from './modules/reports/selection-reports.routes';
import { createSelectionReportsService } from './modules/reports/selection-reports.service';
import { scheduleDocumentsRoutes } from './modules/schedule-documents/schedule-documents.routes';
import { createScheduleDocumentsService } from './modules/schedule-documents/schedule-documents.service';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { createScheduleService } from './modules/schedule/schedule.service';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { createReferralsService } from './modules/referrals/referrals.service';
import { serviceZonesRoutes } from './modules/service-zones/service-zones.routes';
import { createServiceZonesService } from './modules/service-zones/service-zones.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService, createSettingsStore, settingDefaults } from './modules/settings/settings.service';
import { publicSignUpRoutes } from './modules/sign-up/sign-up.routes';
import { createSignUpService } from './modules/sign-up/sign-up.service';
import { pickListsRoutes } from './modules/pick-lists/pick-lists.routes';
import { createPickListsService } from './modules/pick-lists/pick-lists.service';
import { crewPaymentsRoutes } from './modules/crew-payments/crew-payments.routes';
import { createCrewPaymentsService } from './modules/crew-payments/crew-payments.service';
import { priceUpdatesRoutes } from './modules/price-updates/price-updates.routes';
import { createPriceUpdatesService } from './modules/price-updates/price-updates.service';
import { bbCrewsRoutes } from './modules/users/bb-crews.routes';
import { crewMembersRoutes } from './modules/users/crew-members.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { webAccountsRoutes } from './modules/web-accounts/web-accounts.routes';
import { createWebAccountsService, inviteCustomerToWebAccount } from './modules/web-accounts/web-accounts.service';

export type AppDeps = {
  config: Config;
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Mailer;
  logger: Logger;
  /** The current instant; tests pin it so date rules (today's week, redo not in the past) are deterministic. */
  clock?: () => Date;
  /** Address suggestions, geocoding and county records; by default as the configuration says (local or remote). */
  placesProviders?: PlacesProviders;
  /** The payment gateway; by default the one the configuration names. */
  gateway?: PaymentGateway;
  /**
   * Check every response against its zod schema and the compiled serializer's output against zod's (http/serializer.ts).
   * The tests turn it on; in production the compiled serializer writes the response without checking it again.
   */
  checkResponses?: boolean;
};

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const DOCS_PREFIX = '/api/docs';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The whole HTTP application, not yet listening: `main.ts` listens, tests use `app.inject()`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, logger } = deps;
  // Typed as Fastify's base logger so plugins and route files share one instance type.
  const loggerInstance: FastifyBaseLogger = logger;
  const app: App = Fastify({ loggerInstance, bodyLimit: BODY_LIMIT_BYTES }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checkResponses: deps.checkResponses ?? false }));
  app.setErrorHandler(errorHandler);
  // The API speaks JSON only (note attachments add multipart on their upload routes); anything else is 415, not a string body.
  app.removeContentTypeParser('text/plain');
  // A POST without any body gets the same field-by-field messages as an empty object, which forms can show.
  app.addHook('preValidation', async (request) => {
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
  });

  const clock = deps.clock ?? (() => new Date());
  const tileServer = mapTileSource(config.mapTileUrl);
  if (!tileServer) throw new Error(`MAP_TILE_URL names no tile server: ${config.mapTileUrl}`);
  const markets = createMarketsService({ db });
  const settings = createSettingsStore({ db, defaults: settingDefaults(config) });
  const users = createUsersService({
    db,
    jobs: deps.jobs,
    marketExists: async (id) => (await markets.find(id)) !== null,
  });
  const calendar = createCalendarService({ db, clock });
  const invoices = createInvoicesService({ db });
  const files = createFileStorage({ config, db });
  const visits = createVisitsService({ db, files, logger });
  const external = createExternalService({ db, jwtSecret: config.jwtSecret, calendar, invoices, visits });
  const auth = createAuthService({ db, config, jobs: deps.jobs });
  registerRouteTable(app);
  // Before any route: every /api route registered from here on must declare who may call it.
  registerAccessControl(app, {
    jwtSecret: config.jwtSecret,
    findSessionUser: users.findSessionUser,
    isLiveProperty: external.isLiveProperty,
    // The interactive documentation's own routes (see registerDocs) exist only where the docs are public.
    publicPrefixes: config.seedDemoData ? [DOCS_PREFIX] : [],
  });
  // Before any route as well: routes declaring `idempotent` get the Idempotency-Key handling.
  registerIdempotency(app, { db });
  // Pages, scripts, lists and CSV downloads travel gzip-compressed to clients that accept it: the public quote page's
  // scripts shrink about fourfold on the wire. Brotli is left out: at a useful quality it costs too much CPU per reply.
  // API answers are compressed at zlib's fastest level, in one synchronous call up to 1 MB instead of through a stream,
  // and only from 4 KB: a list page of 50 rows (about 30 KB) shrinks almost as much at level 1 as at the default 6 for
  // a fraction of the CPU, and a smaller answer saves too few bytes to pay for it (bench/README.md, customer list
  // throughput). The web app's files keep the default level: they are compressed once per visitor and then cached.
  const compression = { encodings: ['gzip', 'deflate'] as ('gzip' | 'deflate')[], threshold: 1024 };
  const apiCompression = { ...compression, threshold: 4096, syncThreshold: 1024 * 1024, zlibOptions: { level: 1 } };
  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url) && route.compress === undefined) route.compress = apiCompression;
  });
  await app.register(fastifyCompress, { global: true, ...compression });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // MUI renders through emotion, which injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Images come from the app itself and from the configured map-tile server only, so injected markup cannot
        // send data out through an image URL to any other host.
        'img-src': ["'self'", 'data:', 'blob:', tileServer],
        'font-src': ["'self'", 'data:'],
        // Requests and WebSockets go to the app only. 'self' covers same-origin WebSockets in current browsers; the
        // public address's ws(s) origin is named as well, for browsers that read 'self' as http(s) only.
        'connect-src': ["'self'", webSocketOrigin(config.appUrl)],
        'worker-src': ["'self'", 'blob:'],
        // The public quote embeds the configured video: its origin may be framed (or played), no other.
        ...(config.quoteVideoUrl
          ? {
              'frame-src': [new URL(config.quoteVideoUrl).origin],
              'media-src': ["'self'", new URL(config.quoteVideoUrl).origin],
            }
          : {}),
        // Plain-http installs (localhost, a LAN address) would break if the browser upgraded every request.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  // WebSocket routes (the notifications stream). A hello is a token and an id: nothing bigger is ever read.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.addHook('onSend', async (request, reply) => {
    // API answers are per user and often carry tokens: never let a browser or proxy cache them.
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await registerDocs(app, { isPublic: config.seedDemoData, appUrl: config.appUrl });

  await app.register(healthRoutes, { prefix: '/api/health', service: createHealthService({ db, log: logger }) });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    service: auth,
    rateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(webAuthRoutes, {
    prefix: '/api/web/auth',
    service: auth,
    rateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(usersRoutes, { prefix: '/api/users', service: users });
  await app.register(crewMembersRoutes, { prefix: '/api/crew-members', service: users });
  await app.register(bbCrewsRoutes, { prefix: '/api/bb-crews', service: users });
  await app.register(crewPaymentsRoutes, {
    prefix: '/api/crew-payments',
    service: createCrewPaymentsService({ db }),
  });
  await app.register(pickListsRoutes, { prefix: '/api/picklists', service: createPickListsService({ db }) });
  const notifications = createNotificationsService({ db, clock });
  const notificationSockets = createNotificationSockets({
    service: notifications,
    authenticate: (token) =>
      authenticateAccessToken(token, { jwtSecret: config.jwtSecret, findSessionUser: users.findSessionUser }),
    findSessionUser: users.findSessionUser,
    log: logger,
  });
  // One listening connection per process: a notification raised by any process reaches the sockets held here.
  const notificationListener = createNotificationListener({
    connection: connectionConfigOf(db),
    log: logger,
    onChange: notificationSockets.onChange,
    onReconnect: notificationSockets.onReconnect,
  });
  notificationSockets.attach(notificationListener);
  app.addHook('preClose', async () => {
    notificationSockets.closeAll();
    await notificationListener.stop();
  });
  await app.register(notificationsRoutes, {
    prefix: '/api/notifications',
    service: notifications,
    sockets: notificationSockets,
  });
  const pricing = createPricingService({ db, markets });
  await app.register(basePriceRoutes, { prefix: '/api/base-price', service: pricing });
  await app.register(priceLogicRoutes, { prefix: '/api/logics', service: pricing });
  await app.register(publicPriceRoutes, {
    prefix: '/api/web',
    service: pricing,
    requestsPerMinute: config.publicRequestsPerMinute,
  });
  const serviceZones = createServiceZonesService({ db, markets });
  const places = createPlacesService({
    db,
    config,
    serviceZones,
    providers: deps.placesProviders ?? createPlacesProviders({ config, db, log: logger }),
  });
  await app.register(marketsRoutes, { prefix: '/api/markets', service: markets });
  await app.register(settingsRoutes, {
    prefix: '/api/settings',
    service: createSettingsService({ db, store: settings, markets }),
  });
  await app.register(priceUpdatesRoutes, {
    prefix: '/api/price-updates',
    service: createPriceUpdatesService({ db, jobs: deps.jobs, settings }),
  });
  await app.register(marketMapRoutes, {
    prefix: '/api/market-map',
    service: createMarketMapService({ db, markets, clock }),
  });
  await app.register(serviceZonesRoutes, { prefix: '/api/service-zones', service: serviceZones });
  const availability = createAvailabilityService({ db, markets, serviceZones, clock });
  await app.register(availabilityRoutes, { prefix: '/api/mow-availabilities', service: availability });
  await app.register(publicAvailabilityRoutes, {
    prefix: '/api/web',
    service: availability,
    requestsPerMinute: config.publicRequestsPerMinute,
  });
  await app.register(dashboardRoutes, {
    prefix: '/api/dashboard',
    service: createDashboardService({ db, markets, availability, clock }),
  });
  await app.register(placesRoutes, { prefix: '/api', service: places });
  await app.register(publicPlacesRoutes, {
    prefix: '/api/web',
    service: places,
    requestsPerMinute: config.publicRequestsPerMinute,
  });
  const leads = createLeadsService({ db, places });
  await app.register(publicLeadRoutes, { prefix: '/api/web', service: leads, leadsPerHour: config.signUpsPerHour });
  await app.register(leadsRoutes, { prefix: '/api/leads', service: leads });
  await app.register(referralsRoutes, { prefix: '/api/referral', service: createReferralsService({ db }) });
  await app.register(helperRoutes, { prefix: '/api/helper', service: createHelperService() });
  await app.register(reportsRoutes, { prefix: '/api/reports', service: createReportsService(deps) });
  await app.register(selectionReportsRoutes, {
    prefix: '/api/reports',
    service: createSelectionReportsService({ db, jobs: deps.jobs, logger, clock }),
  });

  const customers = createCustomersService({ db, clock, places });
  await app.register(customersRoutes, { prefix: '/api/customers', service: customers });
  await app.register(savedSearchesRoutes, {
    prefix: '/api/saved-searches',
    service: createSavedSearchesService({ db, customers }),
  });
  await app.register(alarmsRoutes, { prefix: '/api/alarms', service: createAlarmsService({ db, clock }) });
  await app.register(propertyAnswersRoutes, {
    prefix: '/api/customers',
    service: createPropertyAnswersService({ db }),
  });
  await app.register(calendarRoutes, { prefix: '/api/customers', service: calendar });
  await app.register(todosRoutes, { prefix: '/api/customers', service: createTodosService({ db, clock }) });
  await app.register(serviceNotesRoutes, {
    prefix: '/api/customers',
    service: createServiceNotesService({ db, clock }),
  });
  await app.register(scheduleDocumentsRoutes, {
    prefix: '/api/customers',
    service: createScheduleDocumentsService({ ...deps, clock, customers, calendar }),
  });
  await app.register(approvalsRoutes, {
    prefix: '/api/customers',
    service: createApprovalsService({ db, customers, clock }),
  });
  await app.register(deletionRequestsRoutes, {
    prefix: '/api/customers',
    service: createDeletionRequestsService({ db }),
  });
  await app.register(notesRoutes, { prefix: '/api/customers', service: createNotesService({ db, files, clock }) });
  await app.register(fifthMowRoutes, { prefix: '/api/customers', service: createFifthMowService({ db, clock }) });
  await app.register(attachmentsRoutes, {
    prefix: '/api/customers',
    service: createAttachmentsService({ db, files, maxBytes: config.attachmentMaxBytes, logger }),
    maxBytes: config.attachmentMaxBytes,
  });
  await app.register(crewRoutes, { prefix: '/api/crew', service: createCrewService({ db, files, clock, logger }) });
  await app.register(completedServicesRoutes, { prefix: '/api/customers', service: visits });
  await app.register(webVisitsRoutes, { prefix: '/api/web', service: visits });
  await app.register(locationsRoutes, { prefix: '/api/customers', service: createLocationsService({ db }) });
  await app.register(bushBedRoutes, { prefix: '/api/customers', service: createBushBedService({ db, calendar }) });
  await app.register(webAccountsRoutes, {
    prefix: '/api/customers',
    service: createWebAccountsService({ db, jobs: deps.jobs }),
  });
  // A look-up by phone or account number is a sign-in, and so is the identity check of a change made through one: they
  // share one budget per address with the sign-in's limit.
  const externalDoorLimit = app.rateLimit(
    perAddressLimit(config.loginRateLimitPerMinute, 'minute', EXTERNAL_MESSAGES.tooManyLookups),
  );
  await app.register(externalRoutes, { prefix: '/api/external', service: external, doorLimit: externalDoorLimit });
  const gateway = deps.gateway ?? createPaymentGateway({ config, db, clock });
  const payments = createPaymentsService({
    db,
    gateway,
    jobs: deps.jobs,
    log: logger,
    clock,
    confirmIdentity: external.confirmIdentity,
    billingCharges: async () => (await settings.current()).billingCharges,
  });
  // One creation service for the office's wizard and the public sign-up.
  const newCustomers = createNewCustomersService({
    db,
    gateway,
    pricing,
    serviceZones,
    log: logger,
    clock,
    inviteCustomerToWebAccount: async (executor, customerId) => {
      await inviteCustomerToWebAccount(executor, deps.jobs, customerId);
    },
    queueEmail: async (mail) => {
      await deps.jobs.enqueue('send-email', mail);
    },
    officePhone: async () => (await settings.current()).officePhone,
    billingCharges: async () => (await settings.current()).billingCharges,
  });
  await app.register(newCustomersRoutes, { prefix: '/api/customers', service: newCustomers });
  await app.register(publicSignUpRoutes, {
    prefix: '/api/web',
    service: createSignUpService({ config, settings, newCustomers }),
    requestsPerMinute: config.publicRequestsPerMinute,
    signUpsPerHour: config.signUpsPerHour,
  });
  await app.register(paymentKeyRoutes, { prefix: '/api/payments', service: payments });
  await app.register(staffPaymentRoutes, { prefix: '/api/customers', service: payments });
  await app.register(customerPaymentRoutes, {
    prefix: '/api/customer',
    service: payments,
    externalChangeLimit: externalDoorLimit,
  });
  await app.register(invoicesRoutes, { prefix: '/api/invoices', service: invoices });
  await app.register(declinedChargesRoutes, {
    prefix: '/api/invoices',
    service: createDeclinedChargesService({
      db,
      gateway,
      jobs: deps.jobs,
      log: logger,
      appUrl: config.appUrl,
      clock,
      settings,
    }),
  });
  await app.register(visitsToConfirmRoutes, {
    prefix: '/api/billing',
    service: createVisitConfirmationsService({ db, clock }),
  });
  await app.register(scheduleRoutes, {
    prefix: '/api/schedule',
    service: createScheduleService({ db, jobs: deps.jobs, logger, clock }),
  });

  // Any failure of the look-up counts as not served: the page then claims nothing before its script has asked.
  await registerWebApp(app, config.webDist, (zipcode) =>
    places.serviceArea(zipcode).then(
      () => true,
      () => false,
    ),
  );
  return app;
}

/**
 * The API documentation: the OpenAPI document at /api/docs/json and the interactive page at /api/docs. They are public
 * only while the demo data is on (a try-out install, whose demo users anyone may sign in as anyway). Otherwise the
 * page is not served, and the document answers signed-in staff only (with their bearer token), so a production
 * install does not hand strangers a map of every route.
 */
async function registerDocs(app: App, { isPublic, appUrl }: { isPublic: boolean; appUrl: string }): Promise<void> {
  registerOpenApiComponents();
  const transform = createJsonSchemaTransform({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lawn Care Office API',
        version: '1.0.0',
        description:
          'Errors always answer `{ message, errors? }`. Lists take filter[name], sort (-name for descending), include, ' +
          'render=paginate|count, page (from 1) and limit.',
      },
      // The paths start with /api, so the server is the app's public address (APP_URL) itself.
      servers: [{ url: appUrl, description: 'This installation (APP_URL)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Only the API belongs in the API document; the web app's file routes do not. Every operation gets an operationId
    // derived from its method and path, so clients generated from the document have a stable name for each call.
    transform: (input) => {
      const result = transform(input);
      if (!isApiUrl(input.url)) return { ...result, schema: { ...result.schema, hide: true } };
      const operationId = operationIdOf(String(input.route.method), input.url);
      return { ...result, schema: { operationId, ...result.schema } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  if (isPublic) {
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
    return;
  }
  app.get(`${DOCS_PREFIX}/json`, { config: { access: STAFF_ROLES }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

/** The WebSocket origin of the app's public address: ws://host for http, wss://host for https. */
function webSocketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** The public quote page's own HTML (built apart from the app's index.html, see ADR 0016). */
const QUOTE_HTML = 'quote.html';

/** Whether a URL is the public quote page, with any query (the marketing site sends an address and a zip code). */
function isQuotePageUrl(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  return pathname === APP_PATHS.quote || pathname === `${APP_PATHS.quote}/`;
}

/** The quote link's zip code when it is well formed (five digits), else null. */
function quoteZipcode(url: string): string | null {
  const zipcode = new URLSearchParams(url.split('?')[1] ?? '').get('zipcode');
  return zipcode && ZIP_PATTERN.test(zipcode) ? zipcode : null;
}

/**
 * The quote page's first API call is the zip code's service area, and its script can only ask once it has loaded and
 * run; a preload hint in the page's answer lets the browser ask while the script is still on its way (one round trip
 * and the script's run off a phone's first paint).
 */
const quotePreloadLink = (zipcode: string) => `</api/web/zip-code/${zipcode}>; rel=preload; as=fetch; crossorigin`;

/**
 * quote.html paints the quote's heading ('You're in luck, ... Services Your Area') before its script runs. Only a zip
 * the business serves may show it, so the page for any other link is the same HTML without the heading's box: a
 * prospect outside the zones never reads 'in luck' before 'Sorry, we do not service this area yet.'
 */
const QUOTE_FRAME_HEADING_BOX = /<div class="quote-frame-paper">[\s\S]*?<\/div>/;

type QuotePage = { forServedZip: string; forOtherLinks: string };

function readQuotePage(webDist: string): QuotePage | null {
  const file = path.join(webDist, QUOTE_HTML);
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  return { forServedZip: html, forOtherLinks: html.replace(QUOTE_FRAME_HEADING_BOX, '') };
}

/**
 * Serves the built web app when it exists. Any GET outside /api that is not a file answers index.html, so deep links
 * into the single-page app work, except the public quote page, which answers its own quote.html: it is not a page of
 * the app, so a prospect's first load carries none of it. Unknown /api paths answer JSON 404.
 */
async function registerWebApp(
  app: App,
  webDist: string,
  isZipServed: (zipcode: string) => Promise<boolean>,
): Promise<void> {
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  const quotePage = readQuotePage(webDist);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those files never change; index.html must always revalidate.
        const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPageRequest && !isApiUrl(request.url)) {
      if (quotePage && isQuotePageUrl(request.url)) {
        const zipcode = quoteZipcode(request.url);
        if (zipcode) reply.header('link', quotePreloadLink(zipcode));
        const isServed = zipcode !== null && (await isZipServed(zipcode));
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(isServed ? quotePage.forServedZip : quotePage.forOtherLinks);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
  });
}
