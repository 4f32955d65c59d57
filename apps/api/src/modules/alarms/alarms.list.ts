import { ALARM_LIST_LIMIT, idParamSchema, isoDateSchema } from '@lawn/shared';
import { z } from 'zod';
import { alarms } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/**
 * GET /api/alarms: the alarms a caller may see (Admin and Manager everyone's, others their own), newest first, 50 a
 * page. `include=users` is accepted for the clients that ask for it: every alarm carries its user's name anyway.
 */
export const alarmsList: ListDefinition<'users'> = {
  filters: {
    userId: equalsFilter(alarms.userId, idParamSchema, 'The user who set the alarm'),
    alarmDate: equalsFilter(alarms.alarmDate, isoDateSchema, 'The alarm date, YYYY-MM-DD'),
    active: equalsFilter(
      alarms.active,
      z.enum(['0', '1']).transform((flag) => flag === '1'),
      '1 active, 0 stopped',
    ),
  },
  sorts: { id: alarms.id, alarmDate: [alarms.alarmDate, alarms.alarmHour] },
  includes: ['users'],
  defaultSort: '-id',
  defaultLimit: ALARM_LIST_LIMIT,
  maxLimit: 100,
  tiebreak: alarms.id,
};
