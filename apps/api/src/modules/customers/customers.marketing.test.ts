import { CUSTOMER_MESSAGES, MARKETING_MESSAGES } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { useRecordEditing } from './customers.test-fixtures';

const editing = useRecordEditing();
const { t } = editing;

describe('the Spanish tab through PATCH /api/customers/{id}', () => {
  it('saves the four Spanish fields, each change in the history, and clears a blank one', async () => {
    const { id } = await editing.insertRecord();
    const saved = await editing.patch(id, {
      conditionSpanish: 'Perro en el patio',
      requestSpanish: 'Cerrar la puerta',
      conditionSpanishTranslation: 'Dog in the backyard',
      requestSpanishTranslation: 'Close the gate',
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      conditionSpanish: 'Perro en el patio',
      requestSpanish: 'Cerrar la puerta',
      conditionSpanishTranslation: 'Dog in the backyard',
      requestSpanishTranslation: 'Close the gate',
      version: 2,
    });
    const [entry] = await editing.historyOf(id);
    expect(entry?.userId).toBe(editing.editor.id);
    expect(entry?.description).toContain('Changed Spanish conditions from none to Perro en el patio');
    expect(entry?.changes).toMatchObject({ requestSpanishTranslation: { from: null, to: 'Close the gate' } });

    await editing.patch(id, { requestSpanish: '  ' });
    expect((await editing.read(id)).requestSpanish).toBeNull();
  });

  it('refuses a stale version with 409 and saves nothing', async () => {
    const { id } = await editing.insertRecord();
    await editing.patch(id, { conditionSpanish: 'Primero' });
    const stale = await editing.patch(id, { conditionSpanish: 'Segundo', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CUSTOMER_MESSAGES.stale);
    expect((await editing.read(id)).conditionSpanish).toBe('Primero');
  });

  it('refuses a text too long, with NUL or a lone surrogate, with 400', async () => {
    const { id } = await editing.insertRecord();
    for (const text of ['x'.repeat(256), 'a\u0000b', 'a\uD800b']) {
      const refused = await editing.patch(id, { requestSpanish: text });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toHaveProperty('requestSpanish');
    }
  });
});

describe('the Marketing tab through PATCH /api/customers/{id}', () => {
  it('saves how heard, its option, referral code, weeks and review options, with history', async () => {
    const { id } = await editing.insertRecord();
    const saved = await editing.patch(id, {
      about: 4,
      aboutOption: 'Neighbor',
      referralCode: 'JOE25',
      sendSchedule: 10,
      futureCancel: 40,
      optReviews: [2, 1, 2],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      about: 4,
      aboutOption: 'Neighbor',
      referralCode: 'JOE25',
      sendSchedule: 10,
      futureCancel: 40,
      optReviews: [1, 2],
    });
    const [entry] = await editing.historyOf(id);
    expect(entry?.description).toContain('changed how heard about us from none to Referral');
    expect(entry?.description).toContain('changed review options from none to Restart Invites, Send Reviews');
  });

  it("refuses an option that is not the source's, and an unknown source or review option", async () => {
    const { id } = await editing.insertRecord();
    const wrong = await editing.patch(id, { about: 2, aboutOption: 'Google' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ aboutOption: [MARKETING_MESSAGES.optionNotOfSource] });
    expect((await editing.patch(id, { about: 6 })).statusCode).toBe(400);
    expect((await editing.patch(id, { optReviews: [4] })).statusCode).toBe(400);
    expect((await editing.patch(id, { sendSchedule: 2026 })).statusCode).toBe(400);
    // A source without options takes none.
    expect((await editing.patch(id, { about: 3, aboutOption: 'Flyer' })).statusCode).toBe(400);
    expect((await editing.patch(id, { about: 3, aboutOption: null })).statusCode).toBe(200);
  });

  it('signs by an active customer-service user only, and the history names them', async () => {
    const { id } = await editing.insertRecord();
    const maria = await t.createUser({ role: 'customer-service', firstName: 'Maria', lastName: 'Lopez' });
    const manager = await t.createUser({ role: 'Manager' });
    const refused = await editing.patch(id, { csr: manager.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ csr: [MARKETING_MESSAGES.csrNotActive] });
    const saved = await editing.patch(id, { csr: maria.id });
    expect(saved.json().data).toMatchObject({ csr: maria.id, csrName: 'Maria Lopez' });
    expect((await editing.historyOf(id)).at(-1)?.description).toBe('Changed sign by from none to Maria Lopez');
  });

  it('refuses a stale version with 409', async () => {
    const { id } = await editing.insertRecord();
    await editing.patch(id, { referralCode: 'A1' });
    const stale = await editing.patch(id, { referralCode: 'B2', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await editing.read(id)).referralCode).toBe('A1');
  });
});
