import { BUSINESS_TIME_ZONE, calendarDateIn } from '@lawn/shared';
import { z } from 'zod';
import { notifyMissedVisits } from '../modules/crew/crew.service';
import { defineJob } from './job';

/** In the evening of each workday, the office hears of every stop no crew checked in that day. */
export const missedVisitsJob = defineJob({
  id: 'missed-visits',
  payload: z.object({}).loose(),
  schedule: '0 20 * * 1-6',
  scheduleTimeZone: BUSINESS_TIME_ZONE,
  async handler(_payload, { db, log }) {
    const now = new Date();
    const told = await notifyMissedVisits(db, calendarDateIn(now), now);
    log.info({ told }, 'missed visits told to the office');
  },
});
