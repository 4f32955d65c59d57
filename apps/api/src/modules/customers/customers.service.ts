import {
  APPROVAL_ROLES,
  calendarDateIn,
  CUSTOMER_MESSAGES,
  hasRole,
  HISTORY_FILTERS,
  historyDayOf,
  historyFilterSchema,
  isApprovedOrderStatus,
  ORDER_MESSAGES,
  ORDER_STATUS,
  PLAN_FIELDS,
  type Actor,
  type Role,
  type CustomerDetail,
  type CustomerHistoryEntry,
  type CustomerListRow,
  type CustomerPatch,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { CUSTOMER_EMAIL_UNIQUE_INDEX } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { PlacesService } from '../places/places.service';
import { replanProperty, setWinterOption } from '../schedule/schedule.service';
import type { CustomerListQuery } from './customers.list';
import { assertUnchangedSinceBase } from './customers.merge';
import { applyPriceChange } from './customers.pricing';
import * as repo from './customers.repo';
import { setPropertiesCrew, writePropertyPrices, type PropertyPrices } from './property-writes.repo';
import {
  applyMarketChange,
  applyMarketingRules,
  applyPositionChange,
  assertBillingRules,
  assertEmailFree,
  diffRecord,
  emailTaken,
  locateAhead,
  normalizePatch,
  updateHistory,
  winterChangeOf,
  type LocateAddress,
  type LockedRecord,
  type RecordChanges,
  type WinterChange,
} from './customers.update';

/** The writes other modules make to a property: this module is the properties table's one writer. */
export {
  insertProperty,
  markCardDeclined,
  savePaymentMethod,
  setPropertyStatus,
  type NewProperty,
  type PaymentMethodValues,
  type PropertyPrices,
} from './property-writes.repo';

/** The customer list's query, for the saved searches: the same filters, defaults and 400s as GET /api/customers. */
export { parseCustomerListQuery, type CustomerListQuery } from './customers.list';

/** What the reports module exports of the customer list: the rows of a selection, counted or streamed. */
export { countCustomerExportRows, customerExportRows, type CustomerExportSelection } from './customers.export';
export { customerExportCsv } from './customers.export-csv';

/**
 * Whether a live customer other than `exceptCustomerId` uses the e-mail address (any letter case): the one check behind
 * 'This email has already been registered', wherever a customer's address is set.
 */
export async function isCustomerEmailTaken(executor: Executor, email: string, exceptCustomerId?: number) {
  return repo.isEmailUsedByOther(executor, email, exceptCustomerId);
}

/** Whether a write failed because another request gave a live customer the same e-mail address meanwhile. */
export function isCustomerEmailConflict(error: unknown): boolean {
  return isUniqueViolation(error, CUSTOMER_EMAIL_UNIQUE_INDEX);
}

/**
 * A change to a plan field re-plans the property's weeks at once. A restart shows here as its change of statusOrders;
 * the winter option re-plans its own year.
 */
const isPlanField = (field: string) => (PLAN_FIELDS as readonly string[]).includes(field);

/** A change another module makes to a property (a schedule change, a document sent), for its history. */
export type PropertyChangeRecord = {
  propertyId: number;
  /**
   * Who made it; null when no user did: a customer reaching their page with an external token, or the product itself
   * (the daily billing). The description then says who.
   */
  actor: Actor | null;
  action: string;
  description: string;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  /** Whether the record itself was edited (its "last edited by" moves); false for e.g. a schedule e-mailed. */
  isEdit: boolean;
  /** An edit's new property values, stored in the statement that moves the version (one write of the row). */
  fields?: repo.PropertyChanges;
  /**
   * When a person's edit happened ("last edited at"): the caller's clock, so a test that fixes time fixes this too.
   * A caller given no clock leaves it to the current instant.
   */
  editedAt?: Date;
};

/**
 * Writes a property's history entry inside the caller's transaction. An edit also moves the record to its next
 * version, so an edit made from the older one is refused (409), and makes the actor the record's last editor; a change
 * without a user (an external token, the billing job) keeps the last editor as it was: "last edited by" names people.
 */
export async function recordPropertyChange(executor: Executor, record: PropertyChangeRecord): Promise<void> {
  if (record.isEdit) {
    const editedAt = record.editedAt ?? new Date();
    await repo.markEdited(executor, record.propertyId, record.actor?.id ?? null, editedAt, record.fields);
  }
  await repo.insertHistory(executor, {
    propertyId: record.propertyId,
    userId: record.actor?.id ?? null,
    action: record.action,
    description: record.description,
    changes: record.changes,
  });
}

/** What other modules need to know of a live record they write to: its account, its customer and its state. */
export type RecordSummary = {
  id: number;
  accountNumber: string;
  customerName: string;
  statusOrders: number;
};

/** The live record `id`, or 404: the check every write to a record's notes, locations or requests starts with. */
export async function requireLiveRecord(executor: Executor, id: number): Promise<RecordSummary> {
  const record = await repo.findRecordSummary(executor, id);
  if (!record) throw notFound(CUSTOMER_MESSAGES.notFound);
  return record;
}

/** The live record holding an account number, if any (account numbers are never reused). */
export async function liveRecordIdOfAccount(executor: Executor, account: string): Promise<number | null> {
  const found = await repo.findAccount(executor, account);
  return found && found.deletedAt === null ? found.id : null;
}

/**
 * Gives the properties of a market a crew (or none) for the market map, in the caller's transaction: one write of the
 * crews, then each property's history entry (an edit: its version and last editor move). Answers how many properties
 * changed; ids of another market or of a deleted record are not touched.
 */
export async function changePropertyCrews(
  tx: Executor,
  change: { marketId: number; propertyIds: readonly number[]; crew: number | null; actor: Actor; at: Date },
): Promise<number> {
  const before = await setPropertiesCrew(tx, { marketId: change.marketId, ids: change.propertyIds, crew: change.crew });
  for (const row of before) {
    await recordPropertyChange(tx, {
      propertyId: row.id,
      actor: change.actor,
      action: 'update',
      description:
        change.crew === null ? 'Crew unassigned on the market map' : `Crew ${change.crew} assigned on the market map`,
      changes: { crew: { from: row.crew, to: change.crew } },
      isEdit: true,
      editedAt: change.at,
    });
  }
  return before.length;
}

/** One property's prices before and after a bulk change, for its history. */
export type PriceRewrite = { before: Omit<PropertyPrices, 'id'>; after: PropertyPrices };

const PRICE_FIELDS = {
  costService: 'costService',
  subtotalMowing: 'subtotalMowing',
  calculatedTax: 'calculatedTax',
  totalMowing: 'totalMowing',
} as const satisfies Record<keyof Omit<PropertyPrices, 'id'>, string>;

/**
 * Gives many properties new prices in the caller's transaction (a bulk price update or its undo): one write of the
 * prices' rows, and one history entry per property naming its old and new prices and the person who asked. The
 * property rows themselves are not rewritten (ADR 0058): their version and last editor stay, so a record open
 * meanwhile saves without a conflict, and an edit of its price made there is the person's choice, later than the
 * bulk one. The caller locked the rows and priced them with the pricing engine.
 */
export async function rewritePropertyPrices(
  tx: Executor,
  change: { rewrites: readonly PriceRewrite[]; actor: Actor; at: Date; action: string; description: string },
): Promise<void> {
  if (change.rewrites.length === 0) return;
  await writePropertyPrices(
    tx,
    change.rewrites.map((rewrite) => rewrite.after),
  );
  await repo.insertHistories(
    tx,
    change.rewrites.map(({ before, after }) => {
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, field] of Object.entries(PRICE_FIELDS) as [keyof typeof PRICE_FIELDS, string][]) {
        if (before[key] !== after[key]) changes[field] = { from: before[key], to: after[key] };
      }
      return {
        propertyId: after.id,
        userId: change.actor.id,
        action: change.action,
        description: change.description,
        changes,
        createdAt: change.at,
      };
    }),
  );
}

/**
 * Someone wrote a call note on the record: the customer list's "Call notes" column names its last author. `notedAt`
 * is the caller's clock when it has one.
 */
export async function recordCallNoteAuthor(
  executor: Executor,
  propertyId: number,
  actor: Actor,
  notedAt: Date = new Date(),
): Promise<void> {
  await repo.markNoted(executor, propertyId, actor.id, notedAt);
}

/** Approve or reject a new order. */
export type OrderDecision = 'approve' | 'reject';

/**
 * What a decision sets: an approval makes the order approved and ends a restart; a rejection marks it
 * rejected and restarted, so it can be reviewed again.
 */
const ORDER_DECISIONS: Record<OrderDecision, { statusOrders: number; isRestart: boolean; words: string }> = {
  approve: { statusOrders: ORDER_STATUS.approved, isRestart: false, words: 'Approved the order' },
  reject: { statusOrders: ORDER_STATUS.rejected, isRestart: true, words: 'Rejected the order' },
};

/** Changing the order status approves or rejects: Representatives may do neither. */
function assertMayDecideOrders(patch: CustomerPatch, role: Role): void {
  if (patch.statusOrders !== undefined && !hasRole(role, APPROVAL_ROLES)) throw forbidden();
}

const filterParam = (name: string) => `filter[${name}]`;

/**
 * The history's date filter: two UTC instants, checked as the days they fall on in the business's zone by the rules
 * the record's filter form applies (a real date each, both or neither, the end today at the latest, the start up to
 * 12/31/2050 and not after the end). 400 under the offending parameter; null when no range is asked for.
 */
function historyDateRange(query: ListQuery, today: string): repo.InstantRange | null {
  const raw = (name: string) => query.filters[name]?.[0] as string | undefined;
  const start = raw(HISTORY_FILTERS.start);
  const end = raw(HISTORY_FILTERS.end);
  const parsed = historyFilterSchema(today).safeParse({ start: historyDayOf(start), end: historyDayOf(end) });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'start' ? HISTORY_FILTERS.start : HISTORY_FILTERS.end;
      (errors[filterParam(field)] ??= []).push(issue.message);
    }
    throw badRequest(undefined, errors);
  }
  return start && end ? { from: new Date(start), to: new Date(end) } : null;
}

export type CustomersServiceDeps = {
  db: Database;
  clock?: () => Date;
  /** Places a changed service address (the record's position follows it). */
  places: Pick<PlacesService, 'locate'>;
};

export function createCustomersService({ db, clock = () => new Date(), places }: CustomersServiceDeps) {
  const locateAddress: LocateAddress = (address, zipcode) => places.locate({ address, zipcode });

  async function requireDetail(executor: Executor, id: number): Promise<CustomerDetail> {
    const detail = await repo.findCustomerDetail(executor, id);
    if (!detail) throw notFound(CUSTOMER_MESSAGES.notFound);
    return detail;
  }

  /** Stores the changes, re-plans the schedule when the plan depends on them, and records who edited and what. */
  async function saveUpdate(
    tx: Executor,
    record: LockedRecord,
    update: RecordChanges,
    winter: WinterChange | null,
    actor: Actor,
    /** The history entry's action, and its description when the field changes do not say it best. */
    entry: { action: string; description?: string } = { action: 'update' },
  ): Promise<void> {
    const id = record.property.id;
    if (Object.keys(update.customer).length > 0) await repo.updateCustomer(tx, record.customer.id, update.customer);
    // The approved flag follows the order status wherever it changes (approve, reject, a restart, an edit), as the
    // demo data has it; derived, so the history names the order status only.
    const { statusOrders } = update.property;
    const property =
      statusOrders === undefined
        ? update.property
        : { ...update.property, isApproved: isApprovedOrderStatus(statusOrders) };
    const history = updateHistory(update.changes, winter);
    const now = clock();
    // The property's new values, its next version and its editor in one write, before the schedule reads them.
    await recordPropertyChange(tx, {
      propertyId: id,
      actor,
      action: entry.action,
      description: entry.description ?? history.description,
      changes: history.changes,
      isEdit: true,
      fields: property,
      editedAt: now,
    });
    const today = calendarDateIn(now);
    if (winter) await setWinterOption(tx, id, winter.year, winter.to, today);
    if (update.changes.some((change) => isPlanField(change.field))) await replanProperty(tx, id, today);
  }

  /**
   * Applies a validated patch: customer fields to the customer row, the rest to the property; records who edited
   * and one readable history entry; all in one transaction, so a rejected patch saves nothing. A patch that carries
   * the version it edited is refused (409) when the record has moved on since; one that carries the values it started
   * from (`base`) only when one of its own fields has (ADR 0025).
   */
  async function update(id: number, patch: CustomerPatch, actor: Actor & { role: Role }): Promise<CustomerDetail> {
    assertMayDecideOrders(patch, actor.role);
    const locate = await locateAhead(db, id, patch, locateAddress);
    try {
      return await db.transaction(async (tx) => {
        const record = await repo.lockCustomerRecord(tx, id);
        if (!record) throw notFound(CUSTOMER_MESSAGES.notFound);
        // A save from an older copy than the record's writes nothing: the person first sees the newer values.
        if (patch.version !== undefined && patch.version !== record.property.version) {
          throw conflict(CUSTOMER_MESSAGES.stale);
        }
        // A field someone else changed since the person read it is theirs to choose on; other fields merge.
        await assertUnchangedSinceBase(tx, record, patch);
        const winter = await winterChangeOf(tx, id, patch);
        const diff = diffRecord(record, normalizePatch(patch, record.property));
        if (diff.changes.length === 0 && !winter) return requireDetail(tx, id);
        await assertEmailFree(tx, record.customer, diff);
        assertBillingRules(record.property, diff);
        await applyMarketingRules(tx, record.property, diff);
        await applyMarketChange(tx, record.property, diff);
        await applyPositionChange(record.property, patch, diff, locate);
        await applyPriceChange(tx, record, patch, diff);
        await saveUpdate(tx, record, diff, winter, actor);
        return requireDetail(tx, id);
      });
    } catch (error) {
      if (isCustomerEmailConflict(error)) throw emailTaken();
      throw error;
    }
  }

  /**
   * The first step of approving or rejecting, inside the caller's transaction: locks the record and checks it is
   * still the version the person decided on (else 409: someone changed it meanwhile) and still a new order (an
   * approved order is none).
   */
  async function lockOrderForDecision(tx: Executor, id: number, version: number): Promise<LockedRecord> {
    const record = await repo.lockCustomerRecord(tx, id);
    if (!record) throw notFound(CUSTOMER_MESSAGES.notFound);
    if (record.property.version !== version) throw conflict(CUSTOMER_MESSAGES.stale);
    if (record.property.statusOrders === ORDER_STATUS.approved) throw conflict(ORDER_MESSAGES.alreadyApproved);
    return record;
  }

  /**
   * Applies the decision to the locked record: the order status re-plans the schedule like any edit of it, and one
   * history entry names the decision and, with `detail`, what came with it (a rejected note).
   */
  async function decideOrder(
    tx: Executor,
    record: LockedRecord,
    decision: OrderDecision,
    actor: Actor,
    detail?: string,
  ): Promise<void> {
    const { words, ...fields } = ORDER_DECISIONS[decision];
    const description = detail ? `${words} (${detail})` : words;
    // A rejected order rejected again changes no field; its entry still names the decision and its new note.
    await saveUpdate(tx, record, diffRecord(record, fields), null, actor, { action: decision, description });
  }

  return {
    list: (query: CustomerListQuery): Promise<ListResult<CustomerListRow>> => repo.listCustomers(db, query),

    get: (id: number): Promise<CustomerDetail> => requireDetail(db, id),

    /** The record as it is inside a transaction (after a decision, before the commit). */
    detailIn: (executor: Executor, id: number): Promise<CustomerDetail> => requireDetail(executor, id),

    lockOrderForDecision,

    decideOrder,

    update,

    updateCellphone: (id: number, isCellphone: boolean, actor: Actor & { role: Role }) =>
      update(id, { isCellphone }, actor),

    /** Soft delete ("nothing is lost"); the customer goes too once none of their properties is left. */
    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const record = await repo.lockCustomerRecord(tx, id);
        if (!record) throw notFound(CUSTOMER_MESSAGES.notFound);
        const now = clock();
        await repo.updateProperty(tx, id, { deletedAt: now });
        // A deleted property is not mowed: its future service dates go now, not at the next processing.
        await replanProperty(tx, id, calendarDateIn(now));
        await recordPropertyChange(tx, {
          propertyId: id,
          actor,
          action: 'delete',
          description: `Deleted customer ${record.customer.firstName} ${record.customer.lastName} (account ${record.property.accountNumber})`,
          changes: { deletedAt: { from: null, to: now.toISOString() } },
          isEdit: true,
          editedAt: now,
        });
        if ((await repo.countLivePropertiesOfCustomer(tx, record.customer.id)) === 0) {
          await repo.updateCustomer(tx, record.customer.id, { deletedAt: now });
        }
      });
    },

    /** Whether another live customer (not the one owning property `id`) already uses the address. */
    async isEmailTaken(email: string, propertyId?: number): Promise<boolean> {
      const ownerId = propertyId === undefined ? undefined : await repo.findCustomerIdOfProperty(db, propertyId);
      return isCustomerEmailTaken(db, email, ownerId ?? undefined);
    },

    async verifyAccount(account: string): Promise<{ exists: boolean; id?: number }> {
      const found = await repo.findAccount(db, account);
      if (!found) return { exists: false };
      return found.deletedAt === null ? { exists: true, id: found.id } : { exists: true };
    },

    async history(id: number, query: ListQuery): Promise<ListResult<CustomerHistoryEntry>> {
      const range = historyDateRange(query, calendarDateIn(clock()));
      await requireDetail(db, id);
      const result = await repo.listHistory(db, id, query, range);
      if (result.render === 'count') return result;
      return {
        render: 'paginate',
        total: result.total,
        rows: result.rows.map((row) => ({
          id: row.id,
          action: row.action,
          description: row.description,
          changes: row.changes ?? null,
          createdAt: row.createdAt.toISOString(),
          user: row.userId === null ? null : { id: row.userId, fullName: `${row.userFirstName} ${row.userLastName}` },
        })),
      };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
