import { CREW_PAYMENTS_PAGE_SIZE } from '@lawn/shared';
import { z } from 'zod';
import { crewPayments } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/** GET /api/crew-payments: the payments, newest first, 50 a page. */
export const crewPaymentsList: ListDefinition = {
  filters: {
    crewNumber: equalsFilter(crewPayments.crewNumber, z.coerce.number().int(), 'Crew number'),
    uploadId: equalsFilter(crewPayments.uploadId, z.coerce.number().int(), 'The upload the payments came in'),
  },
  sorts: { id: crewPayments.id, crewNumber: crewPayments.crewNumber, date: crewPayments.paidOn },
  defaultSort: '-id',
  defaultLimit: CREW_PAYMENTS_PAGE_SIZE,
  tiebreak: crewPayments.id,
};
