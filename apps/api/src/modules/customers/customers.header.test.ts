import { CUSTOMER_MESSAGES, VALIDATION_MESSAGES } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { readSchedule, writeSchedule } from '../schedule/schedule.test-fixtures';
import { useRecordEditing } from './customers.test-fixtures';

/**
 * The header card's status, phone and e-mail through PATCH /api/customers/{id}, with the values the person started
 * from, as the record's autosave sends them: the spec's messages, the e-mail's uniqueness, and a history entry each.
 */
const records = useRecordEditing({ clock: () => new Date('2026-03-10T15:00:00Z') });
const { t, patch, read, historyOf, insertRecord } = records;

describe('status', () => {
  it('moves a customer to Past Customer with a history entry, and stops planning their weeks', async () => {
    const { id } = await insertRecord();
    await writeSchedule(t.db, id, 2026, {
      planned: ['2026-03-16', '2026-03-23'],
      workdays: ['2026-03-16', '2026-03-23'],
    });
    const saved = await patch(id, { status: 5, base: { status: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 5, statusName: 'Past Customer', version: 2 });
    const [entry] = await historyOf(id);
    expect(entry).toMatchObject({
      userId: records.editor.id,
      action: 'update',
      description: 'Changed status from Active Customer to Past Customer',
      changes: { status: { from: 1, to: 5 } },
    });
    expect((await readSchedule(t.db, id, 2026))?.workdays).toEqual([]);
  });

  it("makes the editor the record's last editor at the app's clock", async () => {
    const { id } = await insertRecord();
    expect((await patch(id, { status: 5, base: { status: 1 } })).statusCode).toBe(200);
    const [property] = await t.db
      .select({ lastEditedBy: properties.lastEditedBy, lastEditedAt: properties.lastEditedAt })
      .from(properties)
      .where(eq(properties.id, id));
    expect(property).toEqual({ lastEditedBy: records.editor.id, lastEditedAt: new Date('2026-03-10T15:00:00Z') });
  });

  it('marks a card declined', async () => {
    const { id } = await insertRecord();
    expect((await patch(id, { status: 2, base: { status: 1 } })).json().data.statusName).toBe('Card declined');
    expect((await historyOf(id))[0]?.description).toBe('Changed status from Active Customer to Card declined');
  });

  it('refuses a status that is none of the list (400) and writes nothing', async () => {
    const { id } = await insertRecord();
    for (const status of [0, 8, '5', null]) {
      const refused = await patch(id, { status, base: { status: 1 } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ status: [VALIDATION_MESSAGES.choose] });
    }
    expect((await read(id)).status).toBe(1);
    expect(await historyOf(id)).toEqual([]);
  });
});

describe('phone', () => {
  it('stores a masked phone as its ten digits, with a history entry', async () => {
    const { id } = await insertRecord({ customer: { contactNumber: '2145550100' } });
    const saved = await patch(id, { contactNumber: '+1 (972) 555-0123', base: { contactNumber: '2145550100' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.contactNumber).toBe('9725550123');
    const [entry] = await historyOf(id);
    expect(entry?.description).toBe('Changed phone from 2145550100 to 9725550123');
    expect(entry?.changes).toEqual({ contactNumber: { from: '2145550100', to: '9725550123' } });
  });

  it('refuses a missing or short phone with the spec messages (400) and writes nothing', async () => {
    const { id } = await insertRecord({ customer: { contactNumber: '2145550100' } });
    const cases: [unknown, string][] = [
      ['', CUSTOMER_MESSAGES.contactNumberRequired],
      ['+1 (214) 555-01', CUSTOMER_MESSAGES.phoneInvalid],
      ['21455501001', CUSTOMER_MESSAGES.phoneInvalid],
    ];
    for (const [contactNumber, message] of cases) {
      const refused = await patch(id, { contactNumber, base: { contactNumber: '2145550100' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ contactNumber: [message] });
    }
    expect((await read(id)).contactNumber).toBe('2145550100');
    expect(await historyOf(id)).toEqual([]);
  });
});

describe('e-mail', () => {
  it('changes and clears the address, each with a history entry', async () => {
    const { id } = await insertRecord({ customer: { email: 'old.address@example.com' } });
    const changed = await patch(id, { email: 'new.address@example.com', base: { email: 'old.address@example.com' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const cleared = await patch(id, { email: null, base: { email: 'new.address@example.com' } });
    expect(cleared.json().data.email).toBeNull();
    expect((await historyOf(id)).map((entry) => entry.description)).toEqual([
      'Changed e-mail from old.address@example.com to new.address@example.com',
      'Changed e-mail from new.address@example.com to none',
    ]);
  });

  it("refuses 'Invalid email' (400) and an address another customer has (409), writing nothing", async () => {
    await insertRecord({ customer: { email: 'taken@example.com' } });
    const { id } = await insertRecord({ customer: { email: 'mine@example.com' } });
    const invalid = await patch(id, { email: 'mine@example', base: { email: 'mine@example.com' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ email: [CUSTOMER_MESSAGES.emailInvalid] });
    const taken = await patch(id, { email: 'Taken@Example.com', base: { email: 'mine@example.com' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: CUSTOMER_MESSAGES.emailTaken,
      errors: { email: [CUSTOMER_MESSAGES.emailTaken] },
    });
    // The status saved together with a taken address is not saved either: one save, one transaction.
    expect((await patch(id, { email: 'taken@example.com', status: 3 })).statusCode).toBe(409);
    expect(await read(id)).toMatchObject({ email: 'mine@example.com', status: 1 });
    expect(await historyOf(id)).toEqual([]);
  });
});
