import { REPORT_STATUSES } from '@lawn/shared';
import { z } from 'zod';
import { reports } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/** GET /api/reports: the caller's generated reports, newest first, 10 a page (the screen offers 10/15/30). */
export const reportsList: ListDefinition = {
  filters: {
    status: equalsFilter(reports.status, z.enum(REPORT_STATUSES), `Status: ${REPORT_STATUSES.join(', ')}`),
  },
  sorts: { createdAt: reports.createdAt, id: reports.id, status: reports.status, name: reports.name },
  defaultSort: '-createdAt',
  defaultLimit: 10,
  maxLimit: 100,
  tiebreak: reports.id,
};
