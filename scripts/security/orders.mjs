// Valid new-customer orders for the scan: the office wizard's and the public sign-up's, at a served zip, with the
// payment numbers encrypted the way the payment pages do.
import { constants, publicEncrypt } from 'node:crypto';

/** A card and a bank account the local payment gateway keeps (the demo runs with no real provider). */
const GOOD_CARD = { number: '4242424242424242', cardType: 4 };
const GOOD_BANK = { routing: '110000000', account: '000123456789' };

const isoDay = (date) => date.toISOString().slice(0, 10);

/**
 * Start dates to offer a new order, best first: weekdays from a week ahead (a new customer starts on a business day
 * after today; holidays are left to the app, which refuses them, so the next candidate is tried).
 */
export function startDates(today = new Date(), count = 5) {
  const dates = [];
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 7));
  while (dates.length < count) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) dates.push(isoDay(day));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return dates;
}

/** The weekday number the order forms use (Monday 1 ... Saturday 6) of an ISO date. */
export const weekDayOf = (isoDate) => new Date(`${isoDate}T12:00:00Z`).getUTCDay();

/** What the payment pages do with a number: RSA-OAEP with SHA-256 under the app's public key, in base64. */
export function encryptNumber(publicKeyPem, number) {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(number, 'utf8'),
  ).toString('base64');
}

/**
 * A payment method as the payment pages send it: a Visa card, or a checking account when `eCheck`, with the box that
 * authorizes the recurring charges ticked (the customer's forms require it, the office's record it).
 */
export function paymentFor(publicKey, { eCheck = false } = {}) {
  return { ...methodFor(publicKey, eCheck), authorizationAccepted: true };
}

function methodFor(publicKey, eCheck) {
  return eCheck
    ? {
        paymentOption: 1,
        checkNameOnAccount: 'Scan Probe',
        checkRoutingNumber: GOOD_BANK.routing,
        checkAccountNumber: encryptNumber(publicKey, GOOD_BANK.account),
      }
    : {
        paymentOption: 0,
        nameOnCard: 'Scan Probe',
        creditCardNumber: encryptNumber(publicKey, GOOD_CARD.number),
        cardType: GOOD_CARD.cardType,
        creditCardExpirationMonth: 5,
        creditCardExpirationYear: new Date().getUTCFullYear() + 4,
      };
}

let orderSequence = 0;

/**
 * A valid new-customer order at a served zip (the shared part of the office's wizard and the public sign-up): a
 * property on the market's first lot size, mowed weekly front and back, paid by Visa, or by e-check when `eCheck`.
 */
export function orderFor(context, { serviceDate, eCheck = false, email = '' }) {
  orderSequence += 1;
  const { zone, tierId, publicKey } = context;
  return {
    zipcode: zone.zipcode,
    serviceAddress: `${900 + orderSequence} Scan Probe Lane`,
    city: zone.city,
    state: zone.state,
    marketId: zone.marketId,
    businesslogicId: tierId,
    srvFrecuency: 1,
    grassOvergrown: false,
    mowCut: ['Front', 'Back'],
    firstName: 'Scan',
    lastName: `Probe${orderSequence}`,
    email,
    contactNumber: '5125550100',
    isCellphone: true,
    serviceDate,
    weekDay: weekDayOf(serviceDate),
    isCommunityGate: false,
    isBackyardGate: false,
    isFlowerBeds: false,
    isPetsBackyard: false,
    isFencePlastic: false,
    isAboveGroundPool: false,
    isTranpoline: false,
    about: 1,
    aboutOption: 'Google',
    specialRequest: 'security scan',
    payment: paymentFor(publicKey, { eCheck }),
    billing: { isSameAsService: true },
    mailing: { isSameAsService: true },
  };
}

/** The office wizard's order (POST /api/customers): the shared fields plus its confirmations and CSR. */
export function staffOrderFor(context, options) {
  return {
    ...orderFor(context, options),
    useServiceHousesOccupied: true,
    useServiceHousesScheduled: true,
    csrUserId: context.csrUserId,
    privateNotes: 'security scan',
    bbNotes: 'security scan',
  };
}

/** The public sign-up (POST /api/web/customers): the order with a required e-mail, and the sign-up's own answers. */
export function signUpFor(context, options) {
  orderSequence += 1;
  return {
    order: orderFor(context, { ...options, eCheck: true, email: `scan.probe${orderSequence}@example.com` }),
    signUp: {
      scheduleService: 'scheduled',
      isItLocked: '',
      isBackyardComboLock: '',
      isLineTrimBeds: '',
      isFlowerBedsDamage: '',
      isPetNoTrouble: '',
      disclaimerFencePlastic: '',
      disclaimerAboveGroundPool: '',
      disclaimerTrampoline: '',
      isFlowerBedCleaning: false,
      isBushTrimming: false,
    },
  };
}

/** Sends a body made for each start date until one is accepted (a holiday is refused): `{ status, body, value }`. */
export async function firstAccepted(client, method, route, makeBody) {
  let last;
  for (const serviceDate of startDates()) {
    const value = makeBody(serviceDate);
    const answer = await client.request(method, route, value);
    last = { ...answer, value };
    if (answer.status < 400) return last;
  }
  return last;
}
