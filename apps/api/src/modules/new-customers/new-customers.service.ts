import {
  calculatePrice,
  calendarDateIn,
  canBagGrass,
  CUSTOMER_MESSAGES,
  earliestSignUpStartDate,
  formatPhone,
  isCardExpiryValid,
  MAIL_PREFERENCE,
  NEW_CUSTOMER_MESSAGES,
  normalizePhone,
  NOTE_TYPE,
  NOTIFICATION_TYPES,
  ORDER_STATUS,
  PAYMENT_MESSAGES,
  PAYMENT_OPTION,
  startDateProblem,
  tierForLotSize,
  tierOfOption,
  type Actor,
  type AddressBlock,
  type BillingChargeRule,
  type Frequency,
  type IsoDate,
  type LiabilityQuestion,
  type MowCut,
  type NewCustomerCreated,
  type NewCustomerRequest,
  type NoteType,
  type PaymentType,
  type PropertyAnswerValues,
  type Weekday,
  type ZipServiceArea,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { addFieldError, badRequest, HttpError, type FieldErrors } from '../../http/errors';
import type { Logger } from '../../logger';
import { isStaffEmail } from '../auth/auth.service';
import { claimStartDay } from '../availability/availability.service';
import type { PaymentGateway } from '../../payments/gateway';
import {
  insertProperty,
  isCustomerEmailConflict,
  isCustomerEmailTaken,
  recordPropertyChange,
} from '../customers/customers.service';
import { keepPropertyAnswers } from '../customers/property-answers.service';
import { addNote } from '../notes/notes.service';
import { notifyOffice } from '../notifications/notifications.service';
import {
  recordChargeAuthorization,
  tokenizePaymentMethod,
  type PaymentMethodValues,
} from '../payments/payments.service';
import type { PricingService } from '../pricing/pricing.service';
import { replanProperty } from '../schedule/schedule.service';
import type { ServiceZonesService } from '../service-zones/service-zones.service';
import { activeUserIdsWithRoles } from '../users/users.service';
import * as repo from './new-customers.repo';
import { propertyAddedEmail } from './property-added-email';

/**
 * Who creates the customer: an office user through the wizard, or the prospect through the public sign-up; with the
 * address the request came from, kept with the releases of liability.
 */
export type NewCustomerOrigin =
  { kind: 'staff'; actor: Actor & { fullName: string }; ip: string | null } | { kind: 'public'; ip: string | null };

/** The follow-up questions only the public sign-up asks (the office's wizard asks none: they are kept as null). */
type PropertyFollowUps = Pick<
  PropertyAnswerValues,
  'isGateLocked' | 'wantsComboLock' | 'lineTrimBeds' | 'bedsCouldBeDamaged' | 'petsMowAround'
>;

/** What the public sign-up asks beside the order: the follow-ups, and the releases of liability it took. */
export type SignUpAsked = { followUps: PropertyFollowUps; releasedItems: readonly LiabilityQuestion[] };

const NOT_ASKED: SignUpAsked = {
  followUps: {
    isGateLocked: null,
    wantsComboLock: null,
    lineTrimBeds: null,
    bedsCouldBeDamaged: null,
    petsMowAround: null,
  },
  releasedItems: [],
};

/** Sends a new customer the e-mail to set the password of their web account (the `customers` role). */
export type InviteCustomerToWebAccount = (executor: Executor, customerId: number) => Promise<void>;

/** Queues an e-mail (the send-email job): the mail server is never waited on during a request. */
export type QueueEmail = (mail: { to: string; subject: string; text: string; html: string }) => Promise<void>;

export type NewCustomersServiceDeps = {
  db: Database;
  gateway: PaymentGateway;
  pricing: Pick<PricingService, 'table'>;
  serviceZones: Pick<ServiceZonesService, 'serviceArea'>;
  log: Logger;
  clock?: () => Date;
  /** The web-account invitation, queued in the creation's transaction so a failed creation mails nothing. */
  inviteCustomerToWebAccount: InviteCustomerToWebAccount;
  /** Tells a current customer that the public sign-up added a property to their account; none: nobody is told. */
  queueEmail?: QueueEmail;
  /** The office's phone (10 digits, as an Admin last set it), named in that e-mail. */
  officePhone?: () => Promise<string | null>;
  /** What the daily billing charges (the settings store's rule), named in the charge authorization kept. */
  billingCharges: () => Promise<BillingChargeRule>;
};

/** A public sign-up whose e-mail address is a current customer's: the property joins that customer. */
type JoinedCustomer = repo.CustomerOfEmail;

/** A 4xx of another module, answered as a 400 whose field errors sit under `prefix` (e.g. `payment.`). */
function asFieldErrors(error: unknown, prefix: string): never {
  if (error instanceof HttpError && error.statusCode < 500) {
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.errors ?? {})) {
      for (const message of messages) addFieldError(errors, `${prefix}${field}`, message);
    }
    throw badRequest(error.message, Object.keys(errors).length > 0 ? errors : undefined);
  }
  throw error;
}

/** The billing or mailing columns of an address set: the service address, the PO box, or the address given. */
function addressColumns(block: AddressBlock, input: NewCustomerRequest, fallbackName: string) {
  if (block.poBox !== '') {
    return {
      name: block.name || fallbackName,
      address: `PO Box ${block.poBox}`,
      city: block.poBoxCity,
      state: block.poBoxState,
      zip: block.poBoxZipcode,
      poBox: block.poBox,
    };
  }
  if (block.isSameAsService) {
    return {
      name: block.name || fallbackName,
      address: input.serviceAddress,
      city: input.city,
      state: input.state,
      zip: input.zipcode,
      poBox: null,
    };
  }
  return {
    name: block.name,
    address: block.address,
    city: block.city,
    state: block.state,
    zip: block.zipcode,
    poBox: null,
  };
}

/** The areas as stored: no Bag grass where the lot or the frequency does not allow it (it is removed, not charged). */
function storedMowCut(mowCut: readonly MowCut[], lotName: string, frequency: Frequency): MowCut[] {
  const areas = [...new Set(mowCut)];
  return canBagGrass(lotName, frequency) ? areas : areas.filter((area) => area !== 'BagGrass');
}

/**
 * The one creation of a new customer, for the office's wizard and the public sign-up alike. Everything is checked again
 * here whatever the form checked: the zip is served (its market is the order's), the lot size is one of that market's
 * table, the start date is a business day not in the past, the CSR is a customer-service user, the e-mail is free (the
 * office's wizard) or, on the public sign-up, a current customer's, which the new property joins (ADR 0030).
 * The price is computed here from the market's table; any price the client sent is ignored.
 *
 * The card or account is saved with the gateway first (a provider may be slow, and no transaction waits on it); then
 * one transaction writes the customer, the property (pending order, statusOrders 0), its notes, its schedule from the
 * start date (taking one mow of that market-day, which may be full: 409), the history entry and the Admins' and
 * Managers' notifications. If that transaction fails, the token is removed from the gateway, so nothing is left
 * half-created.
 */
export function createNewCustomersService(deps: NewCustomersServiceDeps) {
  const { db, gateway, pricing, serviceZones, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function serviceAreaOf(zipcode: string): Promise<ZipServiceArea> {
    try {
      return await serviceZones.serviceArea(zipcode);
    } catch (error) {
      return asFieldErrors(error, '');
    }
  }

  /** Every rule that needs the database or today, answered together as one 400 with its fields. */
  async function check(input: NewCustomerRequest, origin: NewCustomerOrigin, today: IsoDate) {
    const errors: FieldErrors = {};
    const area = await serviceAreaOf(input.zipcode);
    if (input.marketId !== undefined && input.marketId !== area.serviceMarketsId) {
      addFieldError(errors, 'marketId', NEW_CUSTOMER_MESSAGES.marketMismatch);
    }
    const { data: tiers } = await pricing.table(area.serviceMarketsId);
    const tier = tiers.find((option) => option.id === input.businesslogicId);
    if (!tier) addFieldError(errors, 'businesslogicId', NEW_CUSTOMER_MESSAGES.lotSizeNotOffered);
    const measured = input.lotSize ? tierForLotSize(input.lotSize, tiers) : undefined;
    if (tier && measured && measured.id !== tier.id && input.reasonSize === '') {
      addFieldError(errors, 'reasonSize', NEW_CUSTOMER_MESSAGES.reasonRequired);
    }
    // The public sign-up starts the next business day at the earliest; the office may start a customer today.
    const earliest = origin.kind === 'public' ? earliestSignUpStartDate(clock()) : today;
    const dateProblem = startDateProblem(input.serviceDate, earliest);
    if (dateProblem) addFieldError(errors, 'serviceDate', dateProblem);
    if (origin.kind === 'staff') {
      const csrs = await activeUserIdsWithRoles(db, ['customer-service']);
      if (input.csrUserId === undefined || !csrs.includes(input.csrUserId)) {
        addFieldError(errors, 'csrUserId', NEW_CUSTOMER_MESSAGES.csrUnknown);
      }
    }
    // The office's wizard makes a new customer, so a customer's e-mail address is taken; a public sign-up with one
    // joins that customer (see write). Neither can give a customer a staff account's address.
    const isEmailTaken =
      input.email !== '' &&
      (origin.kind === 'staff' ? await isCustomerEmailTaken(db, input.email) : await isStaffEmail(db, input.email));
    if (isEmailTaken) addFieldError(errors, 'email', CUSTOMER_MESSAGES.emailTaken);
    const { payment } = input;
    if (
      payment.paymentOption === PAYMENT_OPTION.card &&
      !isCardExpiryValid(payment.creditCardExpirationMonth, payment.creditCardExpirationYear, today)
    ) {
      addFieldError(errors, 'payment.creditCardExpirationMonth', PAYMENT_MESSAGES.expiryInvalid);
    }
    if (Object.keys(errors).length > 0 || !tier) throw badRequest(undefined, errors);
    return { area, tier, measured };
  }

  async function saveNotes(
    tx: Executor,
    propertyId: number,
    input: NewCustomerRequest,
    actor: Actor | null,
    today: IsoDate,
    joinNote: string,
  ): Promise<void> {
    const privateNote = [
      input.grassOvergrown ? `Overgrown grass: ${NEW_CUSTOMER_MESSAGES.priorityMow}` : '',
      joinNote,
      input.privateNotes ?? '',
    ]
      .filter((text) => text !== '')
      .join('\n');
    const notes: [NoteType, string][] = [
      [NOTE_TYPE.private, privateNote],
      [NOTE_TYPE.specialRequest, input.specialRequest],
    ];
    for (const [typeId, description] of notes) {
      if (description === '') continue;
      await addNote(tx, {
        propertyId,
        typeId,
        actor,
        today,
        values: {
          serviceDate: today,
          serviceHour: '09:00',
          description,
          rejectionReasons: [],
          reason: null,
          status: null,
        },
      });
    }
  }

  async function write(
    input: NewCustomerRequest,
    origin: NewCustomerOrigin,
    today: IsoDate,
    checked: Awaited<ReturnType<typeof check>>,
    method: PaymentMethodValues,
    asked: SignUpAsked,
  ): Promise<{ created: NewCustomerCreated; joined: JoinedCustomer | undefined }> {
    const { area, tier, measured } = checked;
    const actor = origin.kind === 'staff' ? origin.actor : null;
    const frequency = input.srvFrecuency as Frequency;
    const mowCut = storedMowCut(input.mowCut, tier.name, frequency);
    const price = calculatePrice({
      tier: tierOfOption(tier),
      frequency,
      mowCut,
      taxRate: area.taxRate,
      isCornerLot: input.useCornerLot,
    });
    const fullName = `${input.firstName} ${input.lastName}`;
    const billing = addressColumns(input.billing, input, method.billingName);
    const mailing = addressColumns(input.mailing, input, fullName);
    const billingCharges = input.payment.authorizationAccepted === true ? await deps.billingCharges() : null;
    return db.transaction(async (tx) => {
      // A public sign-up giving a current customer's e-mail address adds its property to that customer, whose own
      // name, phone and preferences stay as they are (ADR 0030). Looked up here, in the transaction, so a customer
      // registered meanwhile is joined rather than refused.
      const joined = origin.kind === 'public' ? await repo.lockCustomerOfEmail(tx, input.email) : undefined;
      const customerId =
        joined?.id ??
        (await repo.insertCustomer(tx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email === '' ? null : input.email,
          contactNumber: normalizePhone(input.contactNumber),
          isCellphone: input.isCellphone,
          mailPreferences: input.email === '' ? MAIL_PREFERENCE.postal : MAIL_PREFERENCE.email,
        }));
      const customerName = joined ? `${joined.firstName} ${joined.lastName}` : fullName;
      // The start day's mow is taken under its row's lock: of two orders racing for a day's last mow, one gets it.
      await claimStartDay(tx, area.serviceMarketsId, input.serviceDate);
      const { id, accountNumber } = await insertProperty(tx, {
        customerId,
        marketId: area.serviceMarketsId,
        serviceAddress: input.serviceAddress,
        isServiceAddressManual: input.isServiceAddressManual,
        city: input.city,
        state: input.state,
        zipcode: input.zipcode,
        lat: input.lat ?? area.lat,
        lng: input.lng ?? area.lng,
        weekDay: input.weekDay as Weekday,
        srvFrequency: frequency,
        lotSize: (measured ?? tier).name,
        turfSize: input.turfSize,
        billingLotSize: tier.name,
        useCornerLot: input.useCornerLot,
        mowCut,
        costService: price.basePrice,
        subtotalMowing: price.subtotal,
        taxRate: price.taxRate,
        calculatedTax: price.tax,
        totalMowing: price.total,
        statusOrders: ORDER_STATUS.pending,
        serviceDate: input.serviceDate,
        joinDate: today,
        ...method,
        billingName: billing.name,
        billingAddress: billing.address,
        billingCity: billing.city,
        billingState: billing.state,
        billingZip: billing.zip,
        billingPoBox: billing.poBox,
        // A billing PO box also fills the Billing info tab's own PO box fields, with its toggle on.
        poBoxEnabled: billing.poBox !== null,
        billingPoBoxCity: billing.poBox === null ? null : billing.city,
        billingPoBoxState: billing.poBox === null ? null : billing.state,
        billingPoBoxZipcode: billing.poBox === null ? null : billing.zip,
        // The gate codes the crew needs, kept only where the answer says there is such a gate.
        communityCode: input.isCommunityGate && input.communityAnswer !== '' ? input.communityAnswer : null,
        gateCode: input.isBackyardGate && input.backyardAnswer !== '' ? input.backyardAnswer : null,
        mailingName: mailing.name,
        mailingAddress: mailing.address,
        mailingCity: mailing.city,
        mailingState: mailing.state,
        mailingZip: mailing.zip,
        mailingPoBox: mailing.poBox,
        howHeard: input.about,
        howHeardOption: input.aboutOption === '' ? null : input.aboutOption,
        referralCode: input.referralCode === '' ? null : input.referralCode,
        csrUserId: input.csrUserId ?? null,
        bbNotes: input.bbNotes ? input.bbNotes : null,
        lastEditedBy: actor?.id ?? null,
        lastEditedAt: actor ? clock() : null,
      });
      // What the sign-up typed about the person is kept for the office only: the call that confirms the order
      // compares it with the customer's own record.
      const joinNote = joined
        ? `Added on the public sign-up to this customer, whose e-mail address it gave. Name given: ${fullName}. ` +
          `Phone given: ${formatPhone(input.contactNumber)}.`
        : '';
      await saveNotes(tx, id, input, actor, today, joinNote);
      await replanProperty(tx, id, today);
      // The customer accepted the charges on the sign-up, or told the office they do: kept with the words shown.
      const accepted =
        billingCharges === null
          ? null
          : await recordChargeAuthorization(tx, {
              propertyId: id,
              paymentType: method.paymentType as PaymentType,
              terms: { pricePerMow: price.total > 0 ? price.total : null, billingCharges },
              acceptedAt: clock(),
              acceptedByUserId: actor?.id ?? null,
              acceptedBy: fullName,
              channel: origin.kind === 'staff' ? 'office' : 'signUp',
            });
      const created = joined
        ? `${customerName} added a property (account ${accountNumber}) on the public sign-up with their e-mail ` +
          `address: ${price.lotSize}, total ${price.total.toFixed(2)}`
        : `${fullName} signed up (account ${accountNumber}) ${
            origin.kind === 'staff' ? 'by the office' : 'on the public sign-up'
          }: ${price.lotSize}, total ${price.total.toFixed(2)}`;
      await recordPropertyChange(tx, {
        propertyId: id,
        actor,
        action: 'created',
        description: accepted === null ? created : `${created}; ${accepted}`,
        changes: null,
        isEdit: false,
      });
      await keepPropertyAnswers(tx, {
        propertyId: id,
        answers: {
          grassOvergrown: input.grassOvergrown,
          isCommunityGate: input.isCommunityGate,
          isBackyardGate: input.isBackyardGate,
          isFlowerBeds: input.isFlowerBeds,
          isPetsBackyard: input.isPetsBackyard,
          isFencePlastic: input.isFencePlastic,
          isAboveGroundPool: input.isAboveGroundPool,
          isTranpoline: input.isTranpoline,
          ...asked.followUps,
        },
        // The office's wizard takes one release per Yes on the phone; the sign-up's are the customer's own.
        releasedItems: origin.kind === 'staff' ? (input.acceptedReleases ?? []) : asked.releasedItems,
        acceptance: {
          by: origin.kind === 'staff' ? { kind: 'staff', actor: origin.actor } : { kind: 'online' },
          ip: origin.ip,
          at: clock(),
        },
      });
      await notifyOffice(tx, {
        typeId: NOTIFICATION_TYPES.customerActivity,
        name: NEW_CUSTOMER_MESSAGES.notificationName,
        date: clock(),
        customerAttributeId: id,
        customerName,
      });
      // A customer who already signs in sees the new property there; anyone else is invited to set a password.
      if (input.email !== '' && !joined?.userId) await deps.inviteCustomerToWebAccount(tx, customerId);
      return { created: { accountNumber, id, customerId }, joined };
    });
  }

  /** The e-mail a joined customer gets; one that cannot be queued is logged, the order itself stands. */
  async function tellJoinedCustomer(customer: JoinedCustomer, input: NewCustomerRequest, accountNumber: string) {
    if (!deps.queueEmail) return;
    const mail = propertyAddedEmail({
      firstName: customer.firstName,
      serviceAddress: `${input.serviceAddress}, ${input.city}, ${input.state} ${input.zipcode}`,
      accountLastFour: accountNumber.slice(-4),
      officePhone: formatPhone(deps.officePhone ? await deps.officePhone() : null) || null,
    });
    try {
      await deps.queueEmail({ to: customer.email, ...mail });
    } catch (error) {
      log.error({ err: error, customerId: customer.id }, 'the e-mail of a property added to a customer was not queued');
    }
  }

  return {
    /**
     * Creates the customer and answers its account number; a 400 names every field at fault, creating nothing. The
     * public sign-up hands over what it asks beside the order (`asked`). A public sign-up whose e-mail address is a
     * current customer's adds its property to that customer instead, who is e-mailed about it (ADR 0030).
     */
    async create(
      input: NewCustomerRequest,
      origin: NewCustomerOrigin,
      asked: SignUpAsked = NOT_ASKED,
    ): Promise<NewCustomerCreated> {
      const today = calendarDateIn(clock());
      const checked = await check(input, origin, today);
      const method = await tokenizePaymentMethod(gateway, input.payment).catch((error: unknown) =>
        asFieldErrors(error, 'payment.'),
      );
      let written: Awaited<ReturnType<typeof write>>;
      try {
        written = await write(input, origin, today, checked, method, asked);
      } catch (error) {
        await gateway.removeInstrument(method.paymentToken).catch((removal: unknown) => {
          log.error({ err: removal }, 'a new customer was not created and its payment token could not be removed');
        });
        // Another request took the e-mail address between the check and the write.
        if (isCustomerEmailConflict(error)) {
          throw badRequest(undefined, { email: [CUSTOMER_MESSAGES.emailTaken] });
        }
        throw error;
      }
      if (written.joined) await tellJoinedCustomer(written.joined, input, written.created.accountNumber);
      return written.created;
    },
  };
}

export type NewCustomersService = ReturnType<typeof createNewCustomersService>;
