import { isoDayOfWeek, VALIDATION_MESSAGES } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { readSchedule, writeSchedule } from '../schedule/schedule.test-fixtures';
import { useRecordEditing } from './customers.test-fixtures';

/**
 * The record's mow day through PATCH /api/customers/{id}: Monday to Saturday, or Any day, each planned on a day the
 * crew comes.
 */
const records = useRecordEditing({ clock: () => new Date('2026-03-10T15:00:00Z') });
const { t, patch, historyOf, insertRecord } = records;

describe('mow day', () => {
  it('takes Saturday: the weeks are planned on Saturdays, the history names the day', async () => {
    const { id } = await insertRecord({ property: { weekDay: 1, serviceDate: '2026-03-02' } });
    await writeSchedule(t.db, id, 2026, { planned: [], workdays: [] });
    const saved = await patch(id, { weekDay: 6, base: { weekDay: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ weekDay: 6, weekDayName: 'Saturday' });
    expect((await historyOf(id))[0]?.description).toBe('Changed mow day from Monday to Saturday');
    const workdays = (await readSchedule(t.db, id, 2026))?.workdays ?? [];
    expect(workdays.slice(0, 2)).toEqual(['2026-03-14', '2026-03-21']);
    // Independence Day 2026 is a Saturday and its Friday is observed: that week is mowed on Thursday.
    expect(workdays).toContain('2026-07-02');
    expect(workdays.filter((day) => isoDayOfWeek(day) !== 6)).toEqual(['2026-07-02']);
  });

  it("takes Any day: the weeks are planned on each week's first business day", async () => {
    const { id } = await insertRecord({ property: { weekDay: 3, serviceDate: '2026-03-02' } });
    await writeSchedule(t.db, id, 2026, { planned: [], workdays: [] });
    const saved = await patch(id, { weekDay: 7, base: { weekDay: 3 } });
    expect(saved.json().data).toMatchObject({ weekDay: 7, weekDayName: 'Any day' });
    expect((await historyOf(id))[0]?.description).toBe('Changed mow day from Wednesday to Any day');
    const workdays = (await readSchedule(t.db, id, 2026))?.workdays ?? [];
    expect(workdays.slice(0, 2)).toEqual(['2026-03-16', '2026-03-23']);
    // Weeks whose Monday is a holiday (Memorial, Labor and Columbus Day) are mowed on the Tuesday.
    expect(workdays.filter((day) => isoDayOfWeek(day) !== 1)).toEqual(['2026-05-26', '2026-09-08', '2026-10-13']);
  });

  it('refuses a day outside 1 to 7 (400)', async () => {
    const { id } = await insertRecord();
    for (const weekDay of [0, 8]) {
      const refused = await patch(id, { weekDay });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ weekDay: [VALIDATION_MESSAGES.choose] });
    }
  });

  it('lists the records of a mow day, Saturday and Any day included', async () => {
    const saturday = await insertRecord({ property: { weekDay: 6 } });
    const anyDay = await insertRecord({ property: { weekDay: 7 } });
    const ids = async (weekDay: number) =>
      (await t.app.inject({ url: `/api/customers?filter[weekDay]=${weekDay}&limit=100`, headers: records.headers }))
        .json<{ data: { id: number }[] }>()
        .data.map((row) => row.id);
    expect(await ids(6)).toContain(saturday.id);
    expect(await ids(6)).not.toContain(anyDay.id);
    expect(await ids(7)).toContain(anyDay.id);
    expect(await ids(7)).not.toContain(saturday.id);
    expect((await t.app.inject({ url: '/api/customers?filter[weekDay]=8', headers: records.headers })).statusCode).toBe(
      400,
    );
  });
});
