import {
  AUTHORIZATION_MESSAGES,
  CHARGE_AUTHORIZATION_VERSION,
  chargeAuthorizationText,
  NOTE_TYPE,
  ORDER_STATUS,
  OFFICE_HOURS,
  PAYMENT_MESSAGES,
  SIGN_UP_MESSAGES,
  type PublicSignUpRequest,
} from '@lawn/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, notes, paymentAuthorizations, properties, propertyPrices } from '../../db/schema';
import { insertOrderMarket, NEW_ORDER_NOW, type OrderMarket } from '../../test/new-customer-fixtures';
import { DECLINED_CARD } from '../../test/payment-fixtures';
import { useTestContext } from '../../test/test-app';
import { SIGN_UP_BODY_LIMIT_BYTES } from './sign-up.routes';

const t = useTestContext({ clock: () => NEW_ORDER_NOW });

let market: OrderMarket;
/** Each request from its own address, so the per-address limit is met only where a test means it. */
let address = 0;

beforeAll(async () => {
  market = await insertOrderMarket(t, 'Sign-up market');
});

/** A complete sign-up: a Medium lot mowed bi-weekly, a locked backyard gate, a trampoline released, an e-check. */
function signUp(change: { order?: Record<string, unknown>; signUp?: Record<string, unknown> } = {}) {
  const body: PublicSignUpRequest = {
    order: market.order({
      businesslogicId: market.tier('Medium').id,
      srvFrecuency: 2,
      contactNumber: '+1 (214) 555-0142',
      isTranpoline: true,
      specialRequest: 'Please close the gate',
      payment: market.checkPayment(),
      ...change.order,
    }),
    signUp: {
      scheduleService: 'scheduled',
      isItLocked: 'Yes',
      isBackyardComboLock: 'Yes',
      isLineTrimBeds: '',
      isFlowerBedsDamage: '',
      isPetNoTrouble: '',
      disclaimerFencePlastic: '',
      disclaimerAboveGroundPool: '',
      disclaimerTrampoline: 'Yes',
      isFlowerBedCleaning: true,
      isBushTrimming: false,
      ...change.signUp,
    },
  };
  return body;
}

const post = (body: unknown, headers: Record<string, string> = {}) => {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/web/customers',
    remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}`,
    headers,
    payload: body as Record<string, unknown>,
  });
};

const customerCount = async () => (await t.db.select({ n: count() }).from(customers))[0]?.n ?? 0;

describe('POST /api/web/customers', () => {
  it('creates a pending order without signing in, priced by the server', async () => {
    const response = await post(signUp({ order: { totalMowing: 1, subtotalMowing: 1 } }), { 'Idempotency-Key': 'a1' });
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json<{ message: string; data: { accountNumber: string } }>();
    expect(message).toBe(SIGN_UP_MESSAGES.created);
    const [property] = await t.db.select().from(properties).where(eq(properties.accountNumber, data.accountNumber));
    expect(property).toMatchObject({
      accountNumber: data.accountNumber,
      statusOrders: ORDER_STATUS.pending,
      srvFrequency: 2,
    });
    const [prices] = await t.db
      .select()
      .from(propertyPrices)
      .where(eq(propertyPrices.propertyId, property?.id ?? 0));
    expect(prices?.subtotalMowing).toBe(40);
    const [request] = await t.db
      .select({ text: notes.description })
      .from(notes)
      .where(and(eq(notes.propertyId, property?.id ?? 0), eq(notes.typeId, NOTE_TYPE.specialRequest)));
    expect(request?.text).toBe(
      'Please close the gate\nBackyard gate is locked.\nInstall a free combo lock on the backyard gate.\nWants info on: Flower Bed Cleaning.',
    );
  });

  it('creates one customer for one Idempotency-Key', async () => {
    const body = signUp();
    const before = await customerCount();
    const first = await post(body, { 'Idempotency-Key': 'same-order' });
    const second = await post(body, { 'Idempotency-Key': 'same-order' });
    expect(second.json()).toEqual(first.json());
    expect(await customerCount()).toBe(before + 1);
  });

  it.each<[string, Parameters<typeof signUp>[0], string, string]>([
    [
      'one-time service',
      { signUp: { scheduleService: 'oneTime' } },
      'signUp.scheduleService',
      SIGN_UP_MESSAGES.oneTimeRefused,
    ],
    [
      'a trampoline without its release',
      { signUp: { disclaimerTrampoline: 'No' } },
      'signUp.disclaimerTrampoline',
      SIGN_UP_MESSAGES.liabilityRefused,
    ],
    [
      'a pets answer without pets',
      { signUp: { isPetNoTrouble: 'yes_knock' } },
      'signUp.isPetNoTrouble',
      SIGN_UP_MESSAGES.required,
    ],
    ['an office field', { order: { csrUserId: 1 } }, 'order', ''],
  ])('refuses %s', async (_description, change, field, message) => {
    const before = await customerCount();
    const response = await post(signUp(change));
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors?: Record<string, string[]> }>().errors ?? {};
    if (message) expect(errors[field]).toEqual([message]);
    expect(await customerCount()).toBe(before);
  });

  it('answers a declined account with the gateway message and creates nothing', async () => {
    const before = await customerCount();
    const response = await post(
      signUp({
        order: {
          payment: market.cardPayment(DECLINED_CARD),
        },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: PAYMENT_MESSAGES.refused });
    expect(await customerCount()).toBe(before);
  });

  it("requires the customer's acceptance of the charges, and keeps it as given on the sign-up", async () => {
    const before = await customerCount();
    const { authorizationAccepted: _accepted, ...unaccepted } = market.checkPayment();
    const refused = await post(signUp({ order: { payment: unaccepted } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { 'order.payment.authorizationAccepted': [AUTHORIZATION_MESSAGES.required] },
    });
    expect(await customerCount()).toBe(before);

    const response = await post(signUp());
    expect(response.statusCode, response.body).toBe(201);
    const { accountNumber } = response.json<{ data: { accountNumber: string } }>().data;
    const [property] = await t.db
      .select({ id: properties.id, totalMowing: propertyPrices.totalMowing })
      .from(properties)
      .innerJoin(propertyPrices, eq(propertyPrices.propertyId, properties.id))
      .where(eq(properties.accountNumber, accountNumber));
    const [kept] = await t.db
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.propertyId, property?.id ?? 0));
    expect(kept).toMatchObject({
      paymentType: 2,
      channel: 'signUp',
      acceptedByUserId: null,
      acceptedAt: NEW_ORDER_NOW,
      textVersion: CHARGE_AUTHORIZATION_VERSION,
      text: chargeAuthorizationText('eCheck', {
        pricePerMow: property?.totalMowing ?? null,
        billingCharges: 'check-out',
      }),
    });
  });

  it('refuses a body over the small limit', async () => {
    const response = await post(signUp({ order: { specialRequest: 'x'.repeat(SIGN_UP_BODY_LIMIT_BYTES) } }));
    expect(response.statusCode).toBe(413);
  });

  it('answers 429 once an address has signed up too often', async () => {
    const limit = t.config.signUpsPerHour;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/web/customers',
        remoteAddress: '10.200.0.1',
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('GET /api/web/sign-up-settings', () => {
  it('answers the configured links, null when unset', async () => {
    const response = await t.app.inject({ url: '/api/web/sign-up-settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        videoUrl: null,
        marketingUrl: null,
        officePhone: null,
        officeHours: OFFICE_HOURS,
        billingCharges: 'check-out',
      },
    });
  });
});
