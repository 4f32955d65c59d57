import {
  calendarDateIn,
  NOTE_TYPE,
  type Actor,
  type ApproveOrder,
  type CustomerDetail,
  type RejectOrder,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import type { CustomersService } from '../customers/customers.service';
import { addNote, describeNote } from '../notes/notes.service';

/**
 * Approve and Reject on new orders. Each is one transaction from the version the person decided on: a
 * rejection saves its rejected note (type 4) and the rejection together, or neither.
 */
export function createApprovalsService({
  db,
  customers,
  clock = () => new Date(),
}: {
  db: Database;
  customers: CustomersService;
  clock?: () => Date;
}) {
  return {
    approve: (id: number, { version }: ApproveOrder, actor: Actor): Promise<CustomerDetail> =>
      db.transaction(async (tx) => {
        const record = await customers.lockOrderForDecision(tx, id, version);
        await customers.decideOrder(tx, record, 'approve', actor);
        return customers.detailIn(tx, id);
      }),

    async reject(id: number, input: RejectOrder, actor: Actor): Promise<{ customer: CustomerDetail; noteId: number }> {
      const { version, ...values } = input;
      return db.transaction(async (tx) => {
        const record = await customers.lockOrderForDecision(tx, id, version);
        const note = await addNote(tx, {
          propertyId: id,
          typeId: NOTE_TYPE.rejected,
          values,
          actor,
          today: calendarDateIn(clock()),
        });
        await customers.decideOrder(tx, record, 'reject', actor, describeNote(note));
        return { customer: await customers.detailIn(tx, id), noteId: note.id };
      });
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
