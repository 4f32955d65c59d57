import {
  calendarDateIn,
  CUSTOMER_MESSAGES,
  FIFTH_MOW_MESSAGES,
  FIFTH_MOW_SERVICE_NUMBER,
  NOTE_TYPE,
  PAYMENT_TYPE,
  type Actor,
  type FifthMowApply,
  type FifthMowEligibility,
  type Note,
  type SpecialRequestPopup,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { FIFTH_MOW_NOTE_UNIQUE_INDEX } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflict, notFound } from '../../http/errors';
import { fifthMowBilling } from '../billing/billing.service';
import { recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import * as repo from './fifth-mow.repo';
import { noteName, noteSummary } from './notes.history';
import { addNote, requireNoteOf } from './notes.service';

/**
 * The 5th mow discount: a new customer paying by e-check gets their fifth mow free, once. New means the property has
 * not reached its fifth billed service; received means billing gave the discount to a property of the customer, or
 * staff applied it (a 5th mow note).
 */
async function eligibilityOf(executor: Executor, propertyId: number, lock = false): Promise<FifthMowEligibility> {
  const facts = await repo.findFifthMowFacts(executor, propertyId, { lock });
  if (!facts) throw notFound(CUSTOMER_MESSAGES.notFound);
  const billing = await fifthMowBilling(executor, propertyId);
  const newCustomer = billing.billedServices < FIFTH_MOW_SERVICE_NUMBER;
  const eChecks = facts.paymentType === PAYMENT_TYPE.eCheck;
  const fiveThNow = billing.hasDiscount || facts.note !== null;
  return { newCustomer, eChecks, fiveThNow, note: facts.note, qualifies: newCustomer && eChecks && !fiveThNow };
}

export function createFifthMowService({ db, clock = () => new Date() }: { db: Database; clock?: () => Date }) {
  return {
    eligibility: (propertyId: number) => eligibilityOf(db, propertyId),

    /**
     * Applies the discount with a 5th mow note, when the customer qualifies: a second discount (or one to a customer
     * who does not qualify) is refused with 409 and nothing is written. Recorded in the history.
     */
    async apply(propertyId: number, input: FifthMowApply, actor: Actor): Promise<Note> {
      try {
        return await db.transaction(async (tx) => {
          await requireLiveRecord(tx, propertyId);
          const eligibility = await eligibilityOf(tx, propertyId, true);
          if (eligibility.fiveThNow) throw conflict(FIFTH_MOW_MESSAGES.alreadyReceived);
          if (!eligibility.qualifies) throw conflict(FIFTH_MOW_MESSAGES.notQualified);
          const note = await addNote(tx, {
            propertyId,
            typeId: NOTE_TYPE.fifthMow,
            values: { ...input, rejectionReasons: [], reason: null, status: null },
            actor,
            today: calendarDateIn(clock()),
          });
          await recordPropertyChange(tx, {
            propertyId,
            actor,
            action: 'note',
            description: `Applied the 5th mow discount: ${noteName(note)}: ${noteSummary(note)}`,
            changes: { [`note.${note.id}`]: { from: null, to: { typeId: NOTE_TYPE.fifthMow, ...input } } },
            isEdit: false,
          });
          return requireNoteOf(tx, propertyId, note.id);
        });
      } catch (error) {
        // Two applications at once for one property: the unique index lets one through.
        if (isUniqueViolation(error, FIFTH_MOW_NOTE_UNIQUE_INDEX)) throw conflict(FIFTH_MOW_MESSAGES.alreadyReceived);
        throw error;
      }
    },

    /** The declined-card billing notes still pending and the 5th mow notes, for the pop-up on opening the record. */
    async popup(propertyId: number): Promise<SpecialRequestPopup> {
      await requireLiveRecord(db, propertyId);
      const rows = await repo.popupNotes(db, propertyId);
      const item = (row: (typeof rows)[number]) => ({ serviceDate: row.serviceDate, description: row.description });
      return {
        ccDeclineSpecial: rows.filter((row) => row.typeId === NOTE_TYPE.billing).map(item),
        fifthMowSpecial: rows.filter((row) => row.typeId === NOTE_TYPE.fifthMow).map(item),
      };
    },
  };
}

export type FifthMowService = ReturnType<typeof createFifthMowService>;
