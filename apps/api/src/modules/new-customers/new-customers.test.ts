import {
  CUSTOMER_MESSAGES,
  isLuhnValid,
  NEW_CUSTOMER_MESSAGES,
  NOTE_TYPE,
  ORDER_STATUS,
  PAYMENT_MESSAGES,
  PLACE_MESSAGES,
  staffNewCustomerSchema,
  type StaffNewCustomerInput,
} from '@lawn/shared';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerHistory,
  customers,
  notes,
  notifications,
  paymentAuthorizations,
  properties,
  propertyPrices,
  serviceZones,
  users,
} from '../../db/schema';
import { createLocalGateway } from '../../payments/local/local-gateway';
import { insertOrderMarket, NEW_ORDER_NOW, type OrderMarket } from '../../test/new-customer-fixtures';
import { DECLINED_CARD, GOOD_CARDS } from '../../test/payment-fixtures';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';
import { insertProperty, type NewProperty } from '../customers/customers.service';
import { createNewCustomersService } from './new-customers.service';
import { createLogger } from '../../logger';
import { createMarketsService } from '../markets/markets.service';
import { createPricingService } from '../pricing/pricing.service';
import { createServiceZonesService } from '../service-zones/service-zones.service';

const t = useTestContext({ clock: () => NEW_ORDER_NOW });

let admin: TestUser;
let manager: TestUser;
let csr: TestUser;
let market: OrderMarket;
let marketId: number;
let otherMarketId: number;

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  manager = await t.createUser({ role: 'Manager' });
  csr = await t.createUser({ role: 'customer-service', firstName: 'Sofia', lastName: 'Ramirez' });
  market = await insertOrderMarket(t, 'Wizard market', await t.authHeaders(admin));
  marketId = market.marketId;
  otherMarketId = await insertMarket(t.db, 'Other market', 6.25);
  await t.db.insert(serviceZones).values({ marketId: otherMarketId, zipcode: '78701', city: 'Austin', state: 'TX' });
});

const tierNamed = (name: string) => market.tier(name);

/** A complete, valid wizard request: a Small lot mowed weekly, front and back, paid by Visa. */
function wizardRequest(overrides: Partial<StaffNewCustomerInput> = {}): StaffNewCustomerInput {
  return {
    ...market.order(),
    useServiceHousesOccupied: true,
    useServiceHousesScheduled: true,
    csrUserId: csr.id,
    lotSize: 5000,
    ...overrides,
  };
}

const create = async (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: { ...(await t.authHeaders(admin)), ...headers },
    payload: body as Record<string, unknown>,
  });

const vaultCount = async () =>
  Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from payment_vault.instruments`)).rows[0]?.n);
const customerCount = async () => (await t.db.select({ n: count() }).from(customers))[0]?.n ?? 0;

describe('POST /api/customers', () => {
  it('creates the customer, its property as a pending order, notes, history and notifications', async () => {
    const request = wizardRequest({
      grassOvergrown: true,
      privateNotes: 'Dog is friendly',
      specialRequest: 'Please close the gate',
      bbNotes: 'Trim the roses',
    });
    const response = await create(request);
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json<{ message: string; data: { accountNumber: string; id: number } }>();
    expect(message).toBe(NEW_CUSTOMER_MESSAGES.created);
    expect(data.accountNumber).toMatch(/^[1-9]\d{11}$/);
    expect(isLuhnValid(data.accountNumber)).toBe(true);
    const [property] = await t.db.select().from(properties).where(eq(properties.id, data.id));
    expect(property).toMatchObject({
      accountNumber: data.accountNumber,
      marketId,
      statusOrders: 0,
      // Stored whole: the old client's 50-character cut is not a rule.
      serviceAddress: request.serviceAddress,
      customerPhone: '2145550199',
      srvFrequency: 1,
      weekDay: 2,
      lotSize: 'Small',
      billingLotSize: 'Small',
      taxRate: 8.25,
      paymentType: 1,
      cardType: 4,
      cardLastFour: '4242',
      csrUserId: csr.id,
      bbNotes: 'Trim the roses',
      communityCode: null,
      gateCode: '#1234',
      poBoxEnabled: false,
      billingAddress: request.serviceAddress,
      billingZip: '75201',
      serviceDate: '2026-05-05',
    });
    expect(property?.paymentToken).toMatch(/^tok_/);
    const [prices] = await t.db.select().from(propertyPrices).where(eq(propertyPrices.propertyId, data.id));
    expect(prices?.costService).toBe(tierNamed('Small').serviceFrequency.f1);
    const typed = await t.db
      .select({ typeId: notes.typeId, description: notes.description })
      .from(notes)
      .where(eq(notes.propertyId, data.id));
    expect(typed).toEqual(
      expect.arrayContaining([
        {
          typeId: NOTE_TYPE.private,
          description: `Overgrown grass: ${NEW_CUSTOMER_MESSAGES.priorityMow}\nDog is friendly`,
        },
        { typeId: NOTE_TYPE.specialRequest, description: 'Please close the gate' },
      ]),
    );
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.customerAttributeId, data.id));
    // Every Admin and Manager, and the customer's own CSR.
    expect(told.map((row) => row.userId).sort()).toEqual([admin.id, manager.id, csr.id].sort());
    const history = await t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, data.id));
    expect(history.map((entry) => entry.action)).toContain('created');
  });

  it('gives the new customer a web account of the customers role, to be set through the invitation e-mail', async () => {
    const request = wizardRequest();
    const response = await create(request);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ data: { id: number } }>().data;
    const [account] = await t.db
      .select({ email: users.email, role: users.role })
      .from(properties)
      .innerJoin(customers, eq(customers.id, properties.customerId))
      .innerJoin(users, eq(users.id, customers.userId))
      .where(eq(properties.id, id));
    expect(account).toEqual({ email: request.email, role: 'customers' });
  });

  it('shows the new order in the pending list of new orders', async () => {
    const response = await create(wizardRequest());
    const { id } = response.json<{ data: { id: number } }>().data;
    const list = await t.app.inject({
      url: '/api/customers?filter[statusOrders]=0&sort=-id&limit=10',
      headers: await t.authHeaders(admin),
    });
    expect(list.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toContain(id);
  });

  it('prices the order itself: a tampered price or tax from the client is ignored', async () => {
    const response = await create(
      wizardRequest({
        businesslogicId: tierNamed('Medium').id,
        lotSize: 7000,
        srvFrecuency: 2,
        mowCut: ['Front', 'BagGrass'],
        costService: 1,
        subtotalMowing: 1,
        calculatedTax: 0,
        totalMowing: 1,
      }),
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ data: { id: number } }>().data;
    const [property] = await t.db.select().from(propertyPrices).where(eq(propertyPrices.propertyId, id));
    // Medium bi-weekly, Bag grass +20, front only -5; tax 8.25 %.
    const subtotal = tierNamed('Medium').serviceFrequency.f2 + 20 - 5;
    expect(property?.subtotalMowing).toBe(subtotal);
    expect(property?.calculatedTax).toBe(Math.round(subtotal * 8.25) / 100);
    expect(property?.totalMowing).toBe(subtotal + Math.round(subtotal * 8.25) / 100);
  });

  it('removes Bag grass on the Drought Schedule (frequency 4) and does not charge it', async () => {
    const response = await create(wizardRequest({ srvFrecuency: 4, mowCut: ['Front', 'Back', 'BagGrass'] }));
    const { id } = response.json<{ data: { id: number } }>().data;
    const [property] = await t.db.select().from(properties).where(eq(properties.id, id));
    const [prices] = await t.db.select().from(propertyPrices).where(eq(propertyPrices.propertyId, id));
    expect(property?.mowCut).toEqual(['Front', 'Back']);
    expect(prices?.subtotalMowing).toBe(tierNamed('Small').serviceFrequency.f4);
  });

  it('creates one customer per Idempotency-Key: a retry answers the first answer', async () => {
    const request = wizardRequest();
    const before = await customerCount();
    const key = { 'idempotency-key': 'c2a5b1a4-6d4e-4c55-9d62-8a2b0f3e1a01' };
    const first = await create(request, key);
    const second = await create(request, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await customerCount()).toBe(before + 1);
  });

  it('accepts an e-check and a PO box for billing', async () => {
    const response = await create(
      wizardRequest({
        payment: market.checkPayment(),
        billing: { poBox: '4411', poBoxCity: 'Dallas', poBoxState: 'TX', poBoxZipcode: '75202' },
      }),
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ data: { id: number } }>().data;
    const [property] = await t.db.select().from(properties).where(eq(properties.id, id));
    expect(property).toMatchObject({ paymentType: 2, bankLastFour: '6789', billingPoBox: '4411', billingZip: '75202' });
  });

  it("keeps the customer's acceptance of the charges when the office records it, and creates without it", async () => {
    const { authorizationAccepted: _accepted, ...unaccepted } = market.cardPayment();
    const without = await create(wizardRequest({ payment: unaccepted }));
    expect(without.statusCode, without.body).toBe(201);
    const withoutId = without.json<{ data: { id: number } }>().data.id;
    expect(
      await t.db.select().from(paymentAuthorizations).where(eq(paymentAuthorizations.propertyId, withoutId)),
    ).toEqual([]);

    const given = await create(wizardRequest());
    expect(given.statusCode, given.body).toBe(201);
    const { id } = given.json<{ data: { id: number } }>().data;
    const [kept] = await t.db.select().from(paymentAuthorizations).where(eq(paymentAuthorizations.propertyId, id));
    expect(kept).toMatchObject({ paymentType: 1, channel: 'office', acceptedByUserId: admin.id });
    expect(kept?.text).toContain('charge my card');
    const [created] = await t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, id));
    expect(created?.description).toMatch(/; charges authorized by Jamie Rivera\d* \(Office \(by phone or in person\)/);
  });

  it('answers a declined card with the gateway message and creates nothing, leaving no token', async () => {
    const [customersBefore, vaultBefore] = [await customerCount(), await vaultCount()];
    const response = await create(
      wizardRequest({
        payment: market.cardPayment(DECLINED_CARD),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: PAYMENT_MESSAGES.refused });
    expect(await customerCount()).toBe(customersBefore);
    expect(await vaultCount()).toBe(vaultBefore);
  });

  it('puts the gateway field errors under payment', async () => {
    const response = await create(
      wizardRequest({
        payment: market.cardPayment(GOOD_CARDS.mastercard),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { 'payment.cardType': [PAYMENT_MESSAGES.cardTypeMismatch] } });
  });

  it('rolls back the whole creation and removes the saved token when a write fails after the gateway', async () => {
    const log = createLogger({ level: 'silent' });
    const gateway = createLocalGateway({ db: t.db, keyFile: t.config.paymentEncryptionKeyFile });
    const markets = createMarketsService({ db: t.db });
    const service = createNewCustomersService({
      db: t.db,
      gateway,
      pricing: createPricingService({ db: t.db, markets }),
      serviceZones: createServiceZonesService({ db: t.db, markets }),
      log,
      clock: () => NEW_ORDER_NOW,
      inviteCustomerToWebAccount: async () => {
        throw new Error('mail queue down');
      },
      billingCharges: async () => 'check-out',
    });
    const [customersBefore, vaultBefore] = [await customerCount(), await vaultCount()];
    const input = staffNewCustomerSchema.parse(wizardRequest());
    const origin = { kind: 'staff', actor: { id: admin.id, fullName: 'Office Admin' }, ip: null } as const;
    await expect(service.create(input, origin)).rejects.toThrow('mail queue down');
    expect(await customerCount()).toBe(customersBefore);
    expect(await vaultCount()).toBe(vaultBefore);
  });
});

describe('account numbers', () => {
  const loginAccount = (accountNumber: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/external/login-account',
      payload: { account_number: accountNumber },
      remoteAddress: nextIp(),
    });

  it('are random with a check digit, so one tells nothing of the next, and each opens its own account', async () => {
    const created: { id: number; accountNumber: string }[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await create(wizardRequest());
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json<{ data: { id: number; accountNumber: string } }>().data);
    }
    const numbers = created.map((property) => property.accountNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) {
      expect(number).toMatch(/^[1-9]\d{11}$/);
      expect(isLuhnValid(number)).toBe(true);
    }
    // Properties made one after the other: their numbers are not one apart, nor the id plus a constant.
    const steps = numbers.slice(1).map((number, index) => BigInt(number) - BigInt(numbers[index] ?? '0'));
    expect(steps.filter((step) => step === 1n)).toEqual([]);
    expect(new Set(created.map((property) => BigInt(property.accountNumber) - BigInt(property.id))).size).toBe(6);
    for (const property of created.slice(0, 2)) {
      // The doors open an order once the office has approved it.
      await t.db.update(properties).set({ statusOrders: ORDER_STATUS.approved }).where(eq(properties.id, property.id));
      const response = await loginAccount(property.accountNumber);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: { propertyId: number } }>().data.propertyId).toBe(property.id);
    }
  });

  it('given before (the property id plus 100000) keep opening their accounts', async () => {
    const older = await insertRecord(t.db, { marketId, property: { accountNumber: '100042' } });
    const response = await loginAccount('100042');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { propertyId: number } }>().data.propertyId).toBe(older.id);
  });

  it('are drawn again when a drawn number is taken', async () => {
    const taken = await insertRecord(t.db, { marketId, property: { accountNumber: '482133776500' } });
    const [row] = await t.db
      .select({ property: properties, prices: propertyPrices })
      .from(properties)
      .innerJoin(propertyPrices, eq(propertyPrices.propertyId, properties.id))
      .where(eq(properties.id, taken.id));
    if (!row) throw new Error('no property');
    const { id: _id, accountNumber: _accountNumber, ...fields } = row.property;
    const { propertyId: _propertyId, ...prices } = row.prices;
    const values = { ...fields, ...prices };
    const draws = ['482133776500', '482133776500', '100000000008'];
    const inserted = await insertProperty(t.db, values satisfies NewProperty, () => draws.shift() ?? '');
    expect(inserted.accountNumber).toBe('100000000008');
    expect(draws).toEqual([]);
  });
});

/**
 * The office checks an e-mail address in three places: the record's look-up as it is typed, the record's save and the
 * wizard's. All three ask the one rule (a live customer has it, in any letter case) and answer the one message.
 */
describe('an e-mail address is taken for the wizard exactly when the record says so', () => {
  beforeAll(async () => {
    await insertRecord(t.db, { marketId, customer: { email: 'live.owner@example.com' } });
    await insertRecord(t.db, { marketId, customer: { email: 'gone.owner@example.com', deletedAt: new Date() } });
  });

  it.each([
    ['a live customer has it, in another letter case', 'LIVE.owner@Example.com', true],
    ['only a deleted customer had it', 'gone.owner@example.com', false],
    ['nobody has it', 'nobody.yet@example.com', false],
  ])('%s', async (_case, email, isTaken) => {
    const { id } = await insertRecord(t.db, { marketId, customer: { email: null } });
    const headers = await t.authHeaders(admin);

    const lookUp = await t.app.inject({
      url: '/api/customers/verify/email',
      query: { email, id: String(id) },
      headers,
    });
    expect(lookUp.json()).toEqual({ data: { exists: isTaken } });

    // A start date in the past too, so the wizard writes nothing whatever it thinks of the address.
    const wizard = await create(wizardRequest({ email, serviceDate: '2026-05-01' }));
    expect(wizard.statusCode).toBe(400);
    expect(wizard.json<{ errors: Record<string, string[]> }>().errors['email']).toEqual(
      isTaken ? [CUSTOMER_MESSAGES.emailTaken] : undefined,
    );

    const save = await t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload: { email } });
    expect(save.statusCode, save.body).toBe(isTaken ? 409 : 200);
    if (isTaken) expect(save.json().errors).toEqual({ email: [CUSTOMER_MESSAGES.emailTaken] });
  });
});

describe('POST /api/customers refuses, naming the field', () => {
  const refusal = async (overrides: Partial<StaffNewCustomerInput>, field: string, messageOf: string) => {
    const before = await customerCount();
    const response = await create(wizardRequest(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(messageOf);
    expect(await customerCount()).toBe(before);
  };

  it('a zip no zone serves', () => refusal({ zipcode: '10001' }, 'zipcode', PLACE_MESSAGES.notInServiceArea));
  it('a market other than the zip’s', () =>
    refusal({ marketId: otherMarketId }, 'marketId', NEW_CUSTOMER_MESSAGES.marketMismatch));
  it('a lot size the market’s table does not offer', () =>
    refusal({ businesslogicId: 999_999 }, 'businesslogicId', NEW_CUSTOMER_MESSAGES.lotSizeNotOffered));
  it('a billed lot size other than the measured one without a reason', () =>
    refusal(
      { lotSize: 5000, businesslogicId: tierNamed('Large').id },
      'reasonSize',
      NEW_CUSTOMER_MESSAGES.reasonRequired,
    ));
  it('a start date in the past', () =>
    refusal({ serviceDate: '2026-05-01' }, 'serviceDate', NEW_CUSTOMER_MESSAGES.dateInPast));
  it('a start date on a weekend', () =>
    refusal({ serviceDate: '2026-05-09' }, 'serviceDate', NEW_CUSTOMER_MESSAGES.dateNotBusinessDay));
  it('a start date on a holiday (Memorial Day)', () =>
    refusal({ serviceDate: '2026-05-25' }, 'serviceDate', NEW_CUSTOMER_MESSAGES.dateNotBusinessDay));
  it('a CSR who is not an active customer-service user', () =>
    refusal({ csrUserId: admin.id }, 'csrUserId', NEW_CUSTOMER_MESSAGES.csrUnknown));
  it('an e-mail another customer uses', async () => {
    const request = wizardRequest();
    expect((await create(request)).statusCode).toBe(201);
    await refusal({ email: request.email?.toUpperCase() ?? '' }, 'email', CUSTOMER_MESSAGES.emailTaken);
  });
  it('a liability Yes without the customer accepting liability', () =>
    refusal({ isAboveGroundPool: true }, 'isAboveGroundPool', NEW_CUSTOMER_MESSAGES.liabilityRefused));
  it('a second liability Yes without its own release (the first one’s does not cover it)', () =>
    refusal(
      { isFlowerBeds: true, isTranpoline: true, acceptedReleases: ['isFlowerBeds'] },
      'isTranpoline',
      NEW_CUSTOMER_MESSAGES.liabilityRefused,
    ));
  it('a release of an item answered No', () =>
    refusal({ acceptedReleases: ['isFencePlastic'] }, 'acceptedReleases', NEW_CUSTOMER_MESSAGES.releaseWithoutItem));
  it('a gate without its code', () =>
    refusal({ isCommunityGate: true, communityAnswer: '' }, 'communityAnswer', NEW_CUSTOMER_MESSAGES.gateCodeRequired));
  it('a billing set that is neither the service address, a PO box nor an address', () =>
    refusal({ billing: {} }, 'billing.isSameAsService', NEW_CUSTOMER_MESSAGES.sameAsServiceRequired));
  it('unconfirmed occupancy', () =>
    refusal(
      { useServiceHousesOccupied: false as unknown as true },
      'useServiceHousesOccupied',
      NEW_CUSTOMER_MESSAGES.occupancyRequired,
    ));
  it('a name over 50 characters', () => refusal({ firstName: 'x'.repeat(51) }, 'firstName', CUSTOMER_MESSAGES.nameMax));
  it('a phone that is no 10-digit US number', () =>
    refusal({ contactNumber: '555-01' }, 'contactNumber', CUSTOMER_MESSAGES.phoneInvalid));
  it('an unknown field', async () => {
    const response = await create({ ...wizardRequest(), isAdmin: true });
    expect(response.statusCode).toBe(400);
  });

  it('is for the office only: crew and customers get 403', async () => {
    const crew = await t.createUser({ role: 'crew', crewNumber: 9 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: await t.authHeaders(crew),
      payload: wizardRequest() as Record<string, unknown>,
    });
    expect(response.statusCode).toBe(403);
  });
});
