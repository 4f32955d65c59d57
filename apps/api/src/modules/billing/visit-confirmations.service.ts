import {
  addBusinessDays,
  calendarDateIn,
  formatUsDate,
  UNCONFIRMED_SKIP_REASON,
  VISIT_MESSAGES,
  type Actor,
  type IsoDate,
  type VisitConfirmation,
  type VisitToConfirm,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import type { ListQuery, ListResult } from '../../http/list-query';
import { skipWeek } from '../calendar/calendar.service';
import { listVisitsToConfirm, settleVisit } from '../crew/visits.service';
import { recordPropertyChange } from '../customers/customers.service';
import { addConfirmedVisitInvoice } from './billing.repo';

/**
 * The office's list of visits to confirm: scheduled mows no crew checked out of by the end of the next business day,
 * which billing did not charge. Done charges the visit (a pending invoice the next run charges); Skipped marks its
 * week skipped, as the calendar's Skip does. Either way the customer's history says who settled it.
 */
export function createVisitConfirmationsService({ db, clock }: { db: Database; clock: () => Date }) {
  const today = (): IsoDate => calendarDateIn(clock());
  return {
    /** The list as of today: a mow of yesterday is still within its deadline. */
    list: (query: ListQuery): Promise<ListResult<VisitToConfirm>> =>
      listVisitsToConfirm(db, addBusinessDays(today(), -1), query),

    async confirm(visitId: number, result: VisitConfirmation, actor: Actor): Promise<{ message: string }> {
      const day = today();
      await db.transaction(async (tx) => {
        const visit = await settleVisit(tx, { id: visitId, confirmation: result, userId: actor.id, at: clock() });
        if (result === 'skipped') {
          await skipWeek(
            tx,
            visit.propertyId,
            { year: visit.year, week: visit.week, reason: UNCONFIRMED_SKIP_REASON },
            actor,
            day,
          );
          return;
        }
        const isBilled = await addConfirmedVisitInvoice(tx, { ...visit, billingDate: day });
        await recordPropertyChange(tx, {
          propertyId: visit.propertyId,
          actor,
          action: 'visit',
          description: `Visit of ${formatUsDate(visit.workday)} confirmed done by the office${isBilled ? ': billed' : ' (the week was billed already)'}`,
          changes: { [`visit.${visit.id}.confirmation`]: { from: null, to: result } },
          isEdit: false,
        });
      });
      return { message: result === 'done' ? VISIT_MESSAGES.confirmedDone : VISIT_MESSAGES.confirmedSkipped };
    },
  };
}

export type VisitConfirmationsService = ReturnType<typeof createVisitConfirmationsService>;
