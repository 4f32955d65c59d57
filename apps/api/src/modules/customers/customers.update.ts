import {
  CUSTOMER_MESSAGES,
  fromCents,
  isHowHeardOptionValid,
  MARKETING_MESSAGES,
  normalizeLotReview,
  normalizePhone,
  ORDER_STATUS,
  percentOfCents,
  poBoxProblems,
  propertyFieldsSchema,
  toCents,
  type CustomerPatch,
} from '@lawn/shared';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import { lookupUsZip } from '../../reference/us-zips';
import { findWinterOption } from '../schedule/schedule.service';
import { activeUserIdsWithRoles } from '../users/users.service';
import { CUSTOMER_FIELDS, describeChanges, sameValue, type FieldChange } from './customers.changes';
import * as repo from './customers.repo';

/**
 * The steps of a customer update (PATCH /api/customers/{id}), each a rule of its own; the service runs them in order
 * inside one transaction.
 */

export type LockedRecord = NonNullable<Awaited<ReturnType<typeof repo.lockCustomerRecord>>>;

export type WinterChange = { year: number; from: boolean; to: boolean };

/** What an update changes: the fields for the history, split by the row they are stored in. */
export type RecordChanges = {
  changes: FieldChange[];
  customer: repo.CustomerChanges;
  property: repo.PropertyChanges;
};

/** Patch field -> property column where the names differ. */
const PROPERTY_COLUMN: Partial<Record<keyof CustomerPatch, keyof repo.PropertyChanges>> = {
  market: 'marketId',
  srvFrecuency: 'srvFrequency',
  billingZipCode: 'billingZip',
  conditionSpanish: 'spanishConditions',
  requestSpanish: 'spanishRequests',
  conditionSpanishTranslation: 'spanishConditionsTranslation',
  requestSpanishTranslation: 'spanishRequestsTranslation',
  about: 'howHeard',
  aboutOption: 'howHeardOption',
  csr: 'csrUserId',
};

/** Texts that may be cleared (billing, Spanish, marketing): blank is stored as none. */
const OPTIONAL_TEXTS = [
  'billingName',
  'billingAddress',
  'billingCity',
  'billingPoBox',
  'billingPoBoxCity',
  'conditionSpanish',
  'requestSpanish',
  'conditionSpanishTranslation',
  'requestSpanishTranslation',
  'aboutOption',
  'referralCode',
] as const satisfies readonly (keyof CustomerPatch)[];
const PO_BOX_FIELDS = ['billingPoBox', 'billingPoBoxCity', 'billingPoBoxState', 'billingPoBoxZipcode'] as const;
const STATE_FIELDS = ['state', 'billingState', 'billingPoBoxState'] as const satisfies readonly (keyof CustomerPatch)[];

export function emailTaken() {
  return conflict(CUSTOMER_MESSAGES.emailTaken, { email: [CUSTOMER_MESSAGES.emailTaken] });
}

/** The winter option of one year, when the patch changes it. */
export async function winterChangeOf(tx: Executor, id: number, patch: CustomerPatch): Promise<WinterChange | null> {
  if (patch.winterScheduleStatus === undefined || patch.year === undefined) return null;
  const from = await findWinterOption(tx, id, patch.year);
  return from === patch.winterScheduleStatus ? null : { year: patch.year, from, to: patch.winterScheduleStatus };
}

/**
 * The record fields of a patch as they are stored: e-mail trimmed (blank means none), phone as digits, state and lot
 * review in capitals.
 * A restart sends the property back to pending review, and only the first time: an already restarted property keeps
 * its order status. The version and the base values are preconditions, and keepPrice an answer: no fields.
 */
export function normalizePatch(patch: CustomerPatch, property: LockedRecord['property']): Record<string, unknown> {
  const {
    winterScheduleStatus: _winter,
    year: _year,
    version: _version,
    base: _base,
    keepPrice: _keep,
    ...fields
  } = patch;
  const normalized: Record<string, unknown> = { ...fields };
  if (patch.email !== undefined) normalized['email'] = patch.email === null ? null : patch.email.trim() || null;
  if (patch.contactNumber !== undefined) normalized['contactNumber'] = normalizePhone(patch.contactNumber);
  for (const field of STATE_FIELDS) {
    const state = patch[field];
    if (typeof state === 'string') normalized[field] = state.toUpperCase();
  }
  for (const field of OPTIONAL_TEXTS) {
    if (patch[field] === '') normalized[field] = null;
  }
  // A lot review is kept in capitals; a blank review, code or note means none.
  if (patch.lotReview !== undefined) normalized['lotReview'] = normalizeLotReview(patch.lotReview);
  // Mapsco references are kept in capitals (25K), a blank one is none.
  for (const field of ['mapsco', 'mapA', 'mapscoGrid'] as const) {
    if (patch[field] !== undefined) normalized[field] = patch[field]?.trim().toUpperCase() || null;
  }
  for (const field of ['communityCode', 'gateCode', 'bbNotes'] as const) {
    if (patch[field] !== undefined) normalized[field] = patch[field]?.trim() || null;
  }
  // Review options are a set: kept in their codes' order, once each.
  if (patch.optReviews !== undefined) normalized['optReviews'] = [...new Set(patch.optReviews)].sort((a, b) => a - b);
  if (patch.isRestart) {
    delete normalized['isRestart'];
    if (!property.isRestart) {
      normalized['isRestart'] = true;
      normalized['statusOrders'] = ORDER_STATUS.pending;
    }
  }
  return normalized;
}

/**
 * The fields whose value really changes, each to the row it belongs to. An e-mail address changes when its letters
 * do, even in case only (the address is shown as typed), but the comparison with others ignores case.
 */
export function diffRecord(record: LockedRecord, normalized: Record<string, unknown>): RecordChanges {
  const { customer, property } = record;
  const result: RecordChanges = { changes: [], customer: {}, property: {} };
  for (const [field, value] of Object.entries(normalized)) {
    if (value === undefined) continue;
    if ((CUSTOMER_FIELDS as readonly string[]).includes(field)) {
      const before = customer[field as keyof typeof customer];
      const same =
        field === 'email'
          ? (before as string | null)?.toLowerCase() === (value as string | null)?.toLowerCase() && before === value
          : sameValue(before, value);
      if (same) continue;
      result.changes.push({ field, from: before, to: value });
      Object.assign(result.customer, { [field]: value });
    } else {
      const column = (PROPERTY_COLUMN[field as keyof CustomerPatch] ?? field) as keyof typeof property;
      const before = property[column];
      if (sameValue(before, value)) continue;
      result.changes.push({ field, from: before, to: value });
      Object.assign(result.property, { [column]: value });
    }
  }
  return result;
}

/** 409 when another live customer already uses the new address (the unique index catches a race past this check). */
export async function assertEmailFree(
  tx: Executor,
  customer: LockedRecord['customer'],
  update: RecordChanges,
): Promise<void> {
  const email = update.customer.email;
  if (
    typeof email === 'string' &&
    email.toLowerCase() !== customer.email?.toLowerCase() &&
    (await repo.isEmailUsedByOther(tx, email, customer.id))
  ) {
    throw emailTaken();
  }
}

/**
 * The billing rules that need more than the patch: a new billing zip must be a real zip (the US zip data
 * knows it: the tab's look-up of it succeeded), and a PO box needs its city, state and zip as the record will be after
 * the save, whichever of them this save changes. 400 under each field, nothing saved.
 */
export function assertBillingRules(property: LockedRecord['property'], update: RecordChanges): void {
  const next = { ...property, ...update.property };
  const errors: Record<string, string[]> = {};
  if (update.property.billingZip !== undefined && update.property.billingZip !== null) {
    if (!lookupUsZip(update.property.billingZip)) errors['billingZipCode'] = [CUSTOMER_MESSAGES.zipInvalid];
  }
  // Only a save that touches the PO box answers for it: an older record's incomplete box never blocks other edits.
  if (PO_BOX_FIELDS.some((field) => field in update.property)) {
    for (const [field, message] of Object.entries(poBoxProblems(next))) errors[field] = [message];
  }
  if (Object.keys(errors).length > 0) throw badRequest(undefined, errors);
}

/**
 * The Marketing tab's rules that need the record: a how-heard option must be one of the source the record will have
 * after the save (a source without options takes none), and 'Sign by' must name an active customer-service user. 400
 * under each field, nothing saved. The history names the users, not their ids.
 */
export async function applyMarketingRules(
  tx: Executor,
  property: LockedRecord['property'],
  update: RecordChanges,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ('howHeard' in update.property || 'howHeardOption' in update.property) {
    const { howHeard, howHeardOption } = { ...property, ...update.property };
    if (howHeardOption != null && (howHeard == null || !isHowHeardOptionValid(howHeard, howHeardOption))) {
      errors['aboutOption'] = [MARKETING_MESSAGES.optionNotOfSource];
    }
  }
  const csrChange = update.changes.find((change) => change.field === 'csr');
  if (csrChange && csrChange.to !== null) {
    const csrs = await activeUserIdsWithRoles(tx, ['customer-service']);
    if (!csrs.includes(Number(csrChange.to))) errors['csr'] = [MARKETING_MESSAGES.csrNotActive];
  }
  if (Object.keys(errors).length > 0) throw badRequest(undefined, errors);
  if (!csrChange) return;
  const names = await repo.findUserNames(tx, [csrChange.from, csrChange.to].filter((id) => id !== null).map(Number));
  if (csrChange.from !== null) csrChange.fromText = names.get(Number(csrChange.from)) ?? String(csrChange.from);
  if (csrChange.to !== null) csrChange.toText = names.get(Number(csrChange.to)) ?? String(csrChange.to);
}

/**
 * A new market must exist; the history names the markets, and the tax follows the new market's rate (the total is
 * the subtotal plus that tax, to the cent).
 */
export async function applyMarketChange(
  tx: Executor,
  property: LockedRecord['property'],
  update: RecordChanges,
): Promise<void> {
  const marketChange = update.changes.find((change) => change.field === 'market');
  if (!marketChange) return;
  const market = await repo.findMarket(tx, Number(marketChange.to));
  if (!market) throw badRequest(undefined, { market: [CUSTOMER_MESSAGES.marketRequired] });
  marketChange.fromText = property.marketName;
  marketChange.toText = market.name;
  if (market.taxRate === property.taxRate) return;
  // In whole cents, as every price: the tax rounded half up, the total their exact sum.
  const subtotalCents = toCents(property.subtotalMowing);
  const taxCents = percentOfCents(subtotalCents, market.taxRate);
  update.changes.push({ field: 'taxRate', from: property.taxRate, to: market.taxRate });
  Object.assign(update.property, {
    taxRate: market.taxRate,
    calculatedTax: fromCents(taxCents),
    totalMowing: fromCents(subtotalCents + taxCents),
  });
}

/** Where an address is (the places module's geocoder), or null when it cannot be placed. */
export type LocateAddress = (address: string, zipcode: string) => Promise<{ lat: number; lng: number } | null>;

/** A patch that gives lat or lng sets the position by hand: no look-up replaces it. */
const isPlacedByHand = (patch: CustomerPatch) => patch.lat !== undefined || patch.lng !== undefined;

/**
 * Looks up the address a patch gives the record before the update's transaction starts, so no locked record waits on
 * a geocoding service (a remote one may take seconds). The answer is kept: `applyPositionChange` uses it, and asks
 * again only when the record's address changed between this read and the lock.
 */
export async function locateAhead(
  executor: Executor,
  id: number,
  patch: CustomerPatch,
  locate: LocateAddress,
): Promise<LocateAddress> {
  const answers = new Map<string, ReturnType<LocateAddress>>();
  const remembered: LocateAddress = (address, zipcode) => {
    const key = `${address}\n${zipcode}`;
    const answer = answers.get(key) ?? locate(address, zipcode);
    answers.set(key, answer);
    return answer;
  };
  if (isPlacedByHand(patch) || (patch.serviceAddress === undefined && patch.zipcode === undefined)) return remembered;
  const current = await repo.findServiceAddress(executor, id);
  if (current) await remembered(patch.serviceAddress ?? current.serviceAddress, patch.zipcode ?? current.zipcode);
  return remembered;
}

/**
 * The position follows the address: when the service address or the zip changes and the patch gives no lat/lng of its
 * own, they become where the geocoder places the new address (offline: a known address keeps its own position, any
 * other gets its zip's centre), each change in the history. When the new address cannot be placed, or is placed
 * where no record may be (lat below 0 or lng not below 0), the position is cleared: the old address's would send a
 * crew to the wrong place. A lat/lng typed by hand wins, until the address changes again.
 */
export async function applyPositionChange(
  property: LockedRecord['property'],
  patch: CustomerPatch,
  update: RecordChanges,
  locate: LocateAddress,
): Promise<void> {
  if (isPlacedByHand(patch)) return;
  if (!update.changes.some((change) => change.field === 'serviceAddress' || change.field === 'zipcode')) return;
  const next = { ...property, ...update.property };
  const found = await locate(next.serviceAddress, next.zipcode);
  const position =
    found &&
    propertyFieldsSchema.lat.safeParse(found.lat).success &&
    propertyFieldsSchema.lng.safeParse(found.lng).success
      ? { lat: found.lat, lng: found.lng }
      : { lat: null, lng: null };
  for (const field of ['lat', 'lng'] as const) {
    if (sameValue(property[field], position[field])) continue;
    update.changes.push({ field, from: property[field], to: position[field] });
    update.property[field] = position[field];
  }
}

/** The update's history entry: each changed field from and to, and the winter option of its year. */
export function updateHistory(
  changes: readonly FieldChange[],
  winter: WinterChange | null,
): { description: string; changes: Record<string, { from: unknown; to: unknown }> } {
  const entries = Object.fromEntries(
    changes.map((change): [string, { from: unknown; to: unknown }] => [
      change.field,
      { from: change.from, to: change.to },
    ]),
  );
  if (winter) entries[`winterScheduleStatus.${winter.year}`] = { from: winter.from, to: winter.to };
  const sentences = changes.length > 0 ? [describeChanges(changes)] : [];
  if (winter) sentences.push(`Winter schedule ${winter.year} ${winter.to ? 'on' : 'off'}`);
  return { description: sentences.join('; '), changes: entries };
}
