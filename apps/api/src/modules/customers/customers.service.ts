import {
  calendarDateIn,
  CUSTOMER_MESSAGES,
  normalizePhone,
  ORDER_STATUS,
  PLAN_FIELDS,
  taxOn,
  type Actor,
  type CustomerDetail,
  type CustomerHistoryEntry,
  type CustomerListRow,
  type CustomerPatch,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { findWinterOption, replanProperty, setWinterOption } from '../schedule/schedule.service';
import { CUSTOMER_FIELDS, describeChanges, sameValue, type FieldChange } from './customers.changes';
import type { CustomerListQuery } from './customers.list';
import * as repo from './customers.repo';

/** What the reports module exports of the customer list: the rows of a selection, counted or streamed. */
export { countCustomerExportRows, customerExportRows, type CustomerExportSelection } from './customers.export';

const EMAIL_UNIQUE_CONSTRAINT = 'customers_email_lower_unique';

function emailTaken() {
  return conflict(CUSTOMER_MESSAGES.emailTaken, { email: [CUSTOMER_MESSAGES.emailTaken] });
}

/** Patch field -> property column where the names differ. */
const PROPERTY_COLUMN: Partial<Record<keyof CustomerPatch, keyof repo.PropertyChanges>> = {
  market: 'marketId',
  srvFrecuency: 'srvFrequency',
};

/**
 * A change to a plan field re-plans the property's weeks at once. A restart shows here as its change of statusOrders;
 * the winter option re-plans its own year.
 */
const isPlanField = (field: string) => (PLAN_FIELDS as readonly string[]).includes(field);

type WinterChange = { year: number; from: boolean; to: boolean };

/** The winter option of one year, when the patch changes it. */
async function winterChangeOf(tx: Executor, id: number, patch: CustomerPatch): Promise<WinterChange | null> {
  if (patch.winterScheduleStatus === undefined || patch.year === undefined) return null;
  const from = await findWinterOption(tx, id, patch.year);
  return from === patch.winterScheduleStatus ? null : { year: patch.year, from, to: patch.winterScheduleStatus };
}

/** A change another module makes to a property (a schedule change, a document sent), for its history. */
export type PropertyChangeRecord = {
  propertyId: number;
  actor: Actor;
  action: string;
  description: string;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  /** Whether the record itself was edited (its "last edited by" moves); false for e.g. a schedule e-mailed. */
  isEdit: boolean;
};

/** Writes a property's history entry (and its last editor) inside the caller's transaction. */
export async function recordPropertyChange(executor: Executor, record: PropertyChangeRecord): Promise<void> {
  if (record.isEdit) {
    await repo.updateProperty(executor, record.propertyId, { lastEditedBy: record.actor.id, lastEditedAt: new Date() });
  }
  await repo.insertHistory(executor, {
    propertyId: record.propertyId,
    userId: record.actor.id,
    action: record.action,
    description: record.description,
    changes: record.changes,
  });
}

export function createCustomersService({ db, clock = () => new Date() }: { db: Database; clock?: () => Date }) {
  async function requireDetail(executor: Executor, id: number): Promise<CustomerDetail> {
    const detail = await repo.findCustomerDetail(executor, id);
    if (!detail) throw notFound(CUSTOMER_MESSAGES.notFound);
    return detail;
  }

  /**
   * Applies a validated patch: customer fields to the customer row, the rest to the property; records who edited
   * and a readable history entry; all in one transaction, so a rejected patch saves nothing.
   */
  async function update(id: number, patch: CustomerPatch, actor: Actor): Promise<CustomerDetail> {
    try {
      return await db.transaction(async (tx) => {
        const record = await repo.lockCustomerRecord(tx, id);
        if (!record) throw notFound(CUSTOMER_MESSAGES.notFound);
        const { customer, property } = record;
        const changes: FieldChange[] = [];
        const customerChanges: repo.CustomerChanges = {};
        const propertyChanges: repo.PropertyChanges = {};

        const { winterScheduleStatus: _winter, year: _year, ...fields } = patch;
        const winter = await winterChangeOf(tx, id, patch);
        const normalized: Record<string, unknown> = { ...fields };
        if (patch.email !== undefined) normalized['email'] = patch.email === null ? null : patch.email.trim() || null;
        if (patch.contactNumber !== undefined) normalized['contactNumber'] = normalizePhone(patch.contactNumber);
        if (patch.state !== undefined) normalized['state'] = patch.state.toUpperCase();
        if (patch.isRestart) {
          // Restart sends the property back to pending review (spec 1 section 4); only when it was not yet restarted.
          delete normalized['isRestart'];
          if (!property.isRestart) {
            normalized['isRestart'] = true;
            normalized['statusOrders'] = ORDER_STATUS.pending;
          }
        }

        for (const [field, value] of Object.entries(normalized)) {
          if (value === undefined) continue;
          if ((CUSTOMER_FIELDS as readonly string[]).includes(field)) {
            const before = customer[field as keyof typeof customer];
            const same =
              field === 'email'
                ? (before as string | null)?.toLowerCase() === (value as string | null)?.toLowerCase() &&
                  before === value
                : sameValue(before, value);
            if (same) continue;
            changes.push({ field, from: before, to: value });
            Object.assign(customerChanges, { [field]: value });
          } else {
            const column = (PROPERTY_COLUMN[field as keyof CustomerPatch] ?? field) as keyof typeof property;
            const before = property[column];
            if (sameValue(before, value)) continue;
            changes.push({ field, from: before, to: value });
            Object.assign(propertyChanges, { [column]: value });
          }
        }
        if (changes.length === 0 && !winter) return requireDetail(tx, id);

        const newEmail = customerChanges.email;
        if (
          typeof newEmail === 'string' &&
          newEmail.toLowerCase() !== customer.email?.toLowerCase() &&
          (await repo.isEmailUsedByOther(tx, newEmail, customer.id))
        ) {
          throw emailTaken();
        }

        const marketChange = changes.find((change) => change.field === 'market');
        if (marketChange) {
          const market = await repo.findMarket(tx, Number(marketChange.to));
          if (!market) throw badRequest(undefined, { market: [CUSTOMER_MESSAGES.marketRequired] });
          marketChange.fromText = property.marketName;
          marketChange.toText = market.name;
          // The tax follows the market's rate.
          if (market.taxRate !== property.taxRate) {
            const tax = taxOn(property.subtotalMowing, market.taxRate);
            changes.push({ field: 'taxRate', from: property.taxRate, to: market.taxRate });
            Object.assign(propertyChanges, {
              taxRate: market.taxRate,
              calculatedTax: tax,
              totalMowing: Math.round((property.subtotalMowing + tax) * 100) / 100,
            });
          }
        }

        if (Object.keys(customerChanges).length > 0) await repo.updateCustomer(tx, customer.id, customerChanges);
        await repo.updateProperty(tx, id, { ...propertyChanges, lastEditedBy: actor.id, lastEditedAt: new Date() });
        const today = calendarDateIn(clock());
        if (winter) {
          await setWinterOption(tx, id, winter.year, winter.to, today);
        }
        if (changes.some((change) => isPlanField(change.field))) await replanProperty(tx, id, today);
        const entries = Object.fromEntries(
          changes.map((change): [string, { from: unknown; to: unknown }] => [
            change.field,
            { from: change.from, to: change.to },
          ]),
        );
        if (winter) entries[`winterScheduleStatus.${winter.year}`] = { from: winter.from, to: winter.to };
        const sentences = changes.length > 0 ? [describeChanges(changes)] : [];
        if (winter) sentences.push(`Winter schedule ${winter.year} ${winter.to ? 'on' : 'off'}`);
        await repo.insertHistory(tx, {
          propertyId: id,
          userId: actor.id,
          action: 'update',
          description: sentences.join('; '),
          changes: entries,
        });
        return requireDetail(tx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_UNIQUE_CONSTRAINT)) throw emailTaken();
      throw error;
    }
  }

  return {
    list: (query: CustomerListQuery): Promise<ListResult<CustomerListRow>> => repo.listCustomers(db, query),

    get: (id: number): Promise<CustomerDetail> => requireDetail(db, id),

    update,

    updateCellphone: (id: number, isCellphone: boolean, actor: Actor) => update(id, { isCellphone }, actor),

    /** Soft delete ("nothing is lost"); the customer goes too once none of their properties is left. */
    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const record = await repo.lockCustomerRecord(tx, id);
        if (!record) throw notFound(CUSTOMER_MESSAGES.notFound);
        const now = new Date();
        await repo.updateProperty(tx, id, { deletedAt: now, lastEditedBy: actor.id, lastEditedAt: now });
        // A deleted property is not mowed: its future service dates go now, not at the next processing.
        await replanProperty(tx, id, calendarDateIn(clock()));
        await repo.insertHistory(tx, {
          propertyId: id,
          userId: actor.id,
          action: 'delete',
          description: `Deleted customer ${record.customer.firstName} ${record.customer.lastName} (account ${record.property.accountNumber})`,
          changes: { deletedAt: { from: null, to: now.toISOString() } },
        });
        if ((await repo.countLivePropertiesOfCustomer(tx, record.customer.id)) === 0) {
          await repo.updateCustomer(tx, record.customer.id, { deletedAt: now });
        }
      });
    },

    /** Whether another live customer (not the one owning property `id`) already uses the address. */
    async isEmailTaken(email: string, propertyId?: number): Promise<boolean> {
      const ownerId = propertyId === undefined ? undefined : await repo.findCustomerIdOfProperty(db, propertyId);
      return repo.isEmailUsedByOther(db, email, ownerId ?? undefined);
    },

    async verifyAccount(account: string): Promise<{ exists: boolean; id?: number }> {
      const found = await repo.findAccount(db, account);
      if (!found) return { exists: false };
      return found.deletedAt === null ? { exists: true, id: found.id } : { exists: true };
    },

    async history(id: number, query: ListQuery): Promise<ListResult<CustomerHistoryEntry>> {
      await requireDetail(db, id);
      const result = await repo.listHistory(db, id, query);
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
