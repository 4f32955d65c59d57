import {
  AUTHORIZATION_CHANNELS,
  calendarDateIn,
  CHARGE_AUTHORIZATION_VERSION,
  chargeAuthorizationText,
  cardExpiryParts,
  CUSTOMER_STATUS,
  CUSTOMER_STATUSES,
  cardTypeName,
  describePaymentMethod,
  isCardExpiryValid,
  NOTIFICATION_TYPES,
  PAYMENT_MESSAGES,
  PAYMENT_NOTICE_ROLES,
  PAYMENT_OPTION,
  PAYMENT_TYPE,
  PAYMENT_TYPES,
  type Actor,
  type AuthorizationChannel,
  type BillingChargeRule,
  type CardType,
  type ChargeAuthorization,
  type ChargeTerms,
  type CustomerPaymentMethodChange,
  type IdentityCheck,
  type PaymentKey,
  type PaymentMethod,
  type PaymentMethodChange,
  type PaymentProperty,
  type PaymentType,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import type { CustomerCaller } from '../../http/auth';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import {
  GatewayUnavailableError,
  PaymentInputError,
  PaymentRefusedError,
  type PaymentGateway,
} from '../../payments/gateway';
import {
  recordPropertyChange,
  savePaymentMethod,
  setPropertyStatus,
  type PaymentMethodValues,
} from '../customers/customers.service';
import { hasOpenChargeDecline } from '../billing/billing.service';
import { notifyUsers } from '../notifications/notifications.service';
import { replanProperty } from '../schedule/schedule.service';
import { activeUserIdsWithRoles } from '../users/users.service';
import { paymentMethodChangedEmail } from './payment-method-email';
import * as authorizations from './payment-authorizations.repo';
import * as repo from './payments.repo';

export type { PaymentMethodValues } from '../customers/customers.service';

export type PaymentsServiceDeps = {
  db: Database;
  gateway: PaymentGateway;
  jobs: Pick<JobQueue, 'enqueue'>;
  log: Logger;
  clock?: () => Date;
  /**
   * Throws unless the answers match the property's service zip code and the last four digits of its customer's phone
   * (the identity check of a change made with an external token).
   */
  confirmIdentity: (propertyId: number, answers: Partial<IdentityCheck>) => Promise<void>;
  /** What the daily billing charges (the settings store's rule), which a charge authorization names. */
  billingCharges: () => Promise<BillingChargeRule>;
};

/**
 * Whose payment pages a customer request reaches: a customer signed in with their own web account (by its user id),
 * or the one property of an external token.
 */
export type CustomerScope = { kind: 'user'; userId: number } | { kind: 'property'; propertyId: number };

/** The scope of a customer route's caller: their web account's user, or their external token's property. */
export function customerScopeOf(caller: CustomerCaller): CustomerScope {
  return caller.kind === 'user'
    ? { kind: 'user', userId: caller.user.id }
    : { kind: 'property', propertyId: caller.access.propertyId };
}

/** The live properties a customer scope may reach, oldest first: all of the customer's, or the token's one. */
async function ownedProperties(db: Executor, scope: CustomerScope): Promise<repo.PaymentPropertyRow[]> {
  if (scope.kind === 'property') {
    const row = await repo.findPaymentProperty(db, scope.propertyId);
    return row ? [row] : [];
  }
  const customerId = await repo.findCustomerOfUser(db, scope.userId);
  return customerId === null ? [] : repo.listPaymentProperties(db, customerId);
}

/** Whether property `id` is live and one a customer scope may reach (other modules' customer pages ask this). */
export async function isOwnProperty(db: Executor, scope: CustomerScope, id: number): Promise<boolean> {
  return (await ownedProperties(db, scope)).some((property) => property.id === id);
}

/**
 * Who changes a payment method: a staff user, a customer user, or a customer with an external token (no user); and
 * the channel their acceptance of the charges comes through.
 */
type Changer = { actor: Actor | null; label: string; channel: AuthorizationChannel };

/** What a property's charges are: its price per mow with tax, and the billing rule. */
function chargeTermsOf(
  row: Pick<repo.PaymentPropertyRow, 'totalMowing'>,
  billingCharges: BillingChargeRule,
): ChargeTerms {
  return { pricePerMow: row.totalMowing > 0 ? row.totalMowing : null, billingCharges };
}

/**
 * Keeps a customer's acceptance of the charges of property `propertyId` (inside the caller's transaction): the words
 * shown to them, written again from the same terms, under their version. The new-customer paths keep the acceptance
 * given on the wizard or the sign-up through this too.
 */
export async function recordChargeAuthorization(
  tx: Executor,
  entry: {
    propertyId: number;
    paymentType: PaymentType;
    terms: ChargeTerms;
    acceptedAt: Date;
    acceptedByUserId: number | null;
    acceptedBy: string;
    channel: AuthorizationChannel;
  },
): Promise<string> {
  const text = chargeAuthorizationText(entry.paymentType === PAYMENT_TYPE.eCheck ? 'eCheck' : 'card', entry.terms);
  await authorizations.insertChargeAuthorization(tx, {
    propertyId: entry.propertyId,
    paymentType: entry.paymentType,
    acceptedAt: entry.acceptedAt,
    acceptedByUserId: entry.acceptedByUserId,
    acceptedBy: entry.acceptedBy,
    channel: entry.channel,
    textVersion: CHARGE_AUTHORIZATION_VERSION,
    text,
  });
  return `charges authorized by ${entry.acceptedBy} (${AUTHORIZATION_CHANNELS[entry.channel]}, wording ${CHARGE_AUTHORIZATION_VERSION})`;
}

export function toPaymentMethod(row: repo.PaymentPropertyRow): PaymentMethod {
  const paymentType =
    row.paymentType === PAYMENT_TYPE.card || row.paymentType === PAYMENT_TYPE.eCheck ? row.paymentType : null;
  const isCard = paymentType === PAYMENT_TYPE.card;
  const expiry = isCard && row.cardExpiry ? cardExpiryParts(row.cardExpiry) : null;
  return {
    paymentType,
    paymentTypeName:
      paymentType === null ? PAYMENT_MESSAGES.noPaymentMethod : PAYMENT_TYPES[paymentType as PaymentType],
    cardType: isCard ? row.cardType : null,
    cardTypeName: isCard ? cardTypeName(row.cardType) : null,
    cardLastFour: isCard ? row.cardLastFour : null,
    cardExpirationMonth: expiry?.month ?? null,
    cardExpirationYear: expiry?.year ?? null,
    bankLastFour: paymentType === PAYMENT_TYPE.eCheck ? row.bankLastFour : null,
    billingName: row.billingName,
    hasToken: row.paymentToken !== null,
  };
}

/** What the payment pages show of properties: their terms and their authorizations are read once for all. */
type Presentation = { billingCharges: BillingChargeRule; latest: Map<number, authorizations.ChargeAuthorizationRow> };

function toChargeAuthorization(row: authorizations.ChargeAuthorizationRow | undefined): ChargeAuthorization | null {
  if (!row) return null;
  const { acceptedAt, acceptedBy, channel, textVersion, text } = row;
  return { acceptedAt: acceptedAt.toISOString(), acceptedBy, channel, textVersion, text };
}

function toPaymentProperty(row: repo.PaymentPropertyRow, presentation: Presentation): PaymentProperty {
  return {
    id: row.id,
    streetAddress: row.serviceAddress,
    accountNumber: row.accountNumber,
    parentId: row.customerId,
    customerName: `${row.customerFirstName} ${row.customerLastName}`.trim(),
    paymentMethod: toPaymentMethod(row),
    chargeTerms: chargeTermsOf(row, presentation.billingCharges),
    authorization: toChargeAuthorization(presentation.latest.get(row.id)),
  };
}

const propertyNotFound = () => notFound(PAYMENT_MESSAGES.propertyNotFound);

/**
 * The gateway's token for a card or account, and what the product keeps of it; gateway refusals become 4xx/503. Used by
 * every change of a payment method and by the creation of a new customer.
 */
export async function tokenizePaymentMethod(
  gateway: PaymentGateway,
  change: PaymentMethodChange,
): Promise<PaymentMethodValues> {
  try {
    if (change.paymentOption === PAYMENT_OPTION.card) {
      const card = await gateway.tokenizeCard({
        encryptedNumber: change.creditCardNumber,
        cardType: change.cardType as CardType,
        expiryMonth: change.creditCardExpirationMonth,
        expiryYear: change.creditCardExpirationYear,
        holderName: change.nameOnCard,
      });
      return {
        paymentType: PAYMENT_TYPE.card,
        cardType: card.cardType,
        cardLastFour: card.lastFour,
        cardExpiry: card.expiry,
        bankLastFour: null,
        billingName: change.nameOnCard,
        paymentToken: card.token,
      };
    }
    const account = await gateway.tokenizeBankAccount({
      encryptedAccountNumber: change.checkAccountNumber,
      routingNumber: change.checkRoutingNumber,
      holderName: change.checkNameOnAccount,
    });
    return {
      paymentType: PAYMENT_TYPE.eCheck,
      cardType: null,
      cardLastFour: null,
      cardExpiry: null,
      bankLastFour: account.lastFour,
      billingName: change.checkNameOnAccount,
      paymentToken: account.token,
    };
  } catch (error) {
    if (error instanceof PaymentInputError) throw badRequest(error.message, { [error.field]: [error.message] });
    if (error instanceof PaymentRefusedError) throw badRequest(error.message);
    if (error instanceof GatewayUnavailableError) throw new HttpError(503, error.message);
    throw error;
  }
}

/**
 * Payment methods of properties, for the staff pages (any property) and the customer's own pages (their properties
 * only: another customer's property answers 404, exactly like one that does not exist).
 *
 * A change goes through the gateway first (outside any transaction: a provider may be slow), then stores the token
 * and what may be shown, records the change in the property's history and e-mails the customer.
 */
export function createPaymentsService({
  db,
  gateway,
  jobs,
  log,
  clock = () => new Date(),
  confirmIdentity,
  billingCharges,
}: PaymentsServiceDeps) {
  async function present(rows: repo.PaymentPropertyRow[]): Promise<PaymentProperty[]> {
    const presentation: Presentation = {
      billingCharges: await billingCharges(),
      latest: await authorizations.latestChargeAuthorizations(
        db,
        rows.map((row) => row.id),
      ),
    };
    return rows.map((row) => toPaymentProperty(row, presentation));
  }
  const presentOne = async (row: repo.PaymentPropertyRow): Promise<PaymentProperty> => {
    const [property] = await present([row]);
    if (!property) throw propertyNotFound();
    return property;
  };

  async function requireProperty(id: number): Promise<repo.PaymentPropertyRow> {
    const row = await repo.findPaymentProperty(db, id);
    if (!row) throw propertyNotFound();
    return row;
  }

  async function requireOwned(scope: CustomerScope, id: number): Promise<repo.PaymentPropertyRow> {
    const row = (await ownedProperties(db, scope)).find((property) => property.id === id);
    if (!row) throw propertyNotFound();
    return row;
  }

  async function change(id: number, request: PaymentMethodChange, changer: Changer): Promise<PaymentProperty> {
    const today = calendarDateIn(clock());
    // Checked before the gateway is called: an expiry in the past or beyond the years offered is a 400.
    if (
      request.paymentOption === PAYMENT_OPTION.card &&
      !isCardExpiryValid(request.creditCardExpirationMonth, request.creditCardExpirationYear, today)
    ) {
      throw badRequest(PAYMENT_MESSAGES.expiryInvalid, {
        creditCardExpirationMonth: [PAYMENT_MESSAGES.expiryInvalid],
      });
    }
    const values = await tokenizePaymentMethod(gateway, request);
    const rule = await billingCharges();
    const saved = await db.transaction(async (tx) => {
      const before = await repo.lockPaymentProperty(tx, id);
      if (!before) throw propertyNotFound();
      await savePaymentMethod(tx, id, values);
      const after = { ...before, ...values };
      const from = describePaymentMethod(toPaymentMethod(before));
      const to = describePaymentMethod(toPaymentMethod(after));
      const changes: Record<string, { from: unknown; to: unknown }> = { paymentMethod: { from, to } };
      let description = `Payment method changed to ${to} (was: ${from})`;
      // A declined charge holds the property on Card declined until a charge goes through: the new method is tried
      // at once (below), and a success gives the property its status back.
      const isHeldByDecline = await hasOpenChargeDecline(tx, id);
      // Otherwise a new card or account is what a property on the expired-card list waits for: it is served again.
      if (before.status === CUSTOMER_STATUS.cardDeclined && !isHeldByDecline) {
        await setPropertyStatus(tx, id, CUSTOMER_STATUS.active);
        after.status = CUSTOMER_STATUS.active;
        await replanProperty(tx, id, today);
        changes['status'] = {
          from: CUSTOMER_STATUSES[CUSTOMER_STATUS.cardDeclined],
          to: CUSTOMER_STATUSES[CUSTOMER_STATUS.active],
        };
        description += `; status changed from ${CUSTOMER_STATUSES[CUSTOMER_STATUS.cardDeclined]} to ${CUSTOMER_STATUSES[CUSTOMER_STATUS.active]}`;
      }
      if (request.authorizationAccepted === true) {
        const accepted = await recordChargeAuthorization(tx, {
          propertyId: id,
          paymentType: values.paymentType as PaymentType,
          terms: chargeTermsOf(before, rule),
          acceptedAt: clock(),
          acceptedByUserId: changer.actor?.id ?? null,
          acceptedBy: `${before.customerFirstName} ${before.customerLastName}`.trim(),
          channel: changer.channel,
        });
        changes['authorization'] = { from: null, to: CHARGE_AUTHORIZATION_VERSION };
        description += `; ${accepted}`;
      }
      await recordPropertyChange(tx, {
        propertyId: id,
        actor: changer.actor,
        action: 'payment-method',
        description: `${description} ${changer.label}`,
        changes,
        isEdit: true,
        editedAt: clock(),
      });
      // The person who made the change knows of it already; everyone else in the office is told.
      const notified = (await activeUserIdsWithRoles(tx, PAYMENT_NOTICE_ROLES)).filter(
        (userId) => userId !== changer.actor?.id,
      );
      await notifyUsers(tx, notified, {
        typeId: NOTIFICATION_TYPES.customerActivity,
        name: `${PAYMENT_MESSAGES.changedNotification} ${changer.label}: ${to}`,
        date: clock(),
        customerAttributeId: id,
        customerName: `${before.customerFirstName} ${before.customerLastName}`.trim(),
      });
      return { after, isHeldByDecline };
    });
    if (saved.isHeldByDecline) await retryDeclinedCharges(id);
    await emailCustomer(saved.after);
    return presentOne(saved.after);
  }

  /** The retry job charges the property's declined invoices on the new method; the scheduled retries catch a miss. */
  async function retryDeclinedCharges(propertyId: number): Promise<void> {
    try {
      await jobs.enqueue('retry-declined-charges', { propertyId });
    } catch (error) {
      log.error({ err: error, propertyId }, 'retry after a new payment method not queued');
    }
  }

  /** The customer hears of every change; a mail that cannot be queued is logged, the change itself stands. */
  async function emailCustomer(row: repo.PaymentPropertyRow): Promise<void> {
    if (!row.customerEmail) return;
    const message = paymentMethodChangedEmail({
      firstName: row.customerFirstName,
      serviceAddress: row.serviceAddress,
      accountLastFour: row.accountNumber.slice(-4),
      method: describePaymentMethod(toPaymentMethod(row)),
    });
    try {
      await jobs.enqueue('send-email', { to: row.customerEmail, ...message });
    } catch (error) {
      log.error({ err: error, propertyId: row.id }, 'payment method e-mail not queued');
    }
  }

  return {
    async encryptionKey(): Promise<PaymentKey> {
      try {
        return await gateway.encryptionKey();
      } catch (error) {
        if (error instanceof GatewayUnavailableError) throw new HttpError(503, error.message);
        throw error;
      }
    },

    /** Staff: every live property of the customer who owns property `id`. */
    async staffProperties(id: number): Promise<PaymentProperty[]> {
      const property = await requireProperty(id);
      return present(await repo.listPaymentProperties(db, property.customerId));
    },

    staffProperty: async (id: number): Promise<PaymentProperty> => presentOne(await requireProperty(id)),

    async staffChange(id: number, request: PaymentMethodChange, actor: Actor): Promise<PaymentProperty> {
      await requireProperty(id);
      return change(id, request, { actor, label: 'by staff', channel: 'office' });
    },

    customerProperties: async (scope: CustomerScope): Promise<PaymentProperty[]> =>
      present(await ownedProperties(db, scope)),

    customerProperty: async (scope: CustomerScope, id: number): Promise<PaymentProperty> =>
      presentOne(await requireOwned(scope, id)),

    /**
     * A customer's own change. One made with an external token (a phone or account-number look-up) must pass the
     * identity check first: holding a looked-up account number is not enough to change where the money comes from.
     */
    async customerChange(
      scope: CustomerScope,
      id: number,
      request: CustomerPaymentMethodChange,
    ): Promise<PaymentProperty> {
      await requireOwned(scope, id);
      if (scope.kind === 'property') {
        await confirmIdentity(scope.propertyId, {
          serviceZipCode: request.serviceZipCode,
          phoneLastFour: request.phoneLastFour,
        });
      }
      const actor = scope.kind === 'user' ? { id: scope.userId } : null;
      const label = scope.kind === 'user' ? 'by the customer' : 'by the customer (account look-up)';
      return change(id, request, { actor, label, channel: scope.kind === 'user' ? 'webAccount' : 'webLink' });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
