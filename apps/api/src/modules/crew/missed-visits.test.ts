import { VISIT_MESSAGES } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';
import { CREW_TODAY, crewClock, insertStop, sendVisit } from './crew.test-fixtures';
import { notifyMissedVisits } from './crew.service';

const t = useTestContext({ clock: crewClock });
const CREW = 731;

let manager: TestUser;
let crewMember: TestUser;
let marketId: number;

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Missed visits market');
  manager = await t.createUser({ role: 'Manager' });
  crewMember = await t.createUser({ role: 'crew', crewNumber: CREW });
});

const toldOf = (propertyId: number) =>
  t.db
    .select({ userId: notifications.userId, name: notifications.name, typeId: notifications.typeId })
    .from(notifications)
    .where(eq(notifications.customerAttributeId, propertyId));

describe('notifyMissedVisits', () => {
  it('tells the office of each stop of the day no crew checked in, once', async () => {
    const missed = await insertStop(t.db, { marketId, crew: CREW, customer: { firstName: 'Mia', lastName: 'Stone' } });
    const visited = await insertStop(t.db, { marketId, crew: CREW });
    const otherDay = await insertStop(t.db, { marketId, crew: CREW, workdays: ['2026-06-11'] });
    const checkIn = await sendVisit(t, await t.authHeaders(crewMember), visited, 'check-in');
    expect(checkIn.statusCode, checkIn.body).toBe(201);

    expect(await notifyMissedVisits(t.db, CREW_TODAY, crewClock())).toBeGreaterThanOrEqual(1);
    expect(await toldOf(missed)).toContainEqual({
      userId: manager.id,
      typeId: 3,
      name: `${VISIT_MESSAGES.missedNotification} 06/10/2026 (crew ${CREW})`,
    });
    expect(await toldOf(visited)).toEqual([]);
    expect(await toldOf(otherDay)).toEqual([]);

    // A retried run tells nobody twice.
    expect(await notifyMissedVisits(t.db, CREW_TODAY, crewClock())).toBe(0);
    expect((await toldOf(missed)).filter((row) => row.userId === manager.id)).toHaveLength(1);
  });
});
