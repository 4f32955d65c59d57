import { describe, expect, it } from 'vitest';
import {
  ALARM_MESSAGES as M,
  alarmCreateSchema,
  alarmDeleteSchema,
  alarmFormSchema,
  alarmStatusSchema,
} from './alarm.schema';

const valid = {
  alarmDate: '2026-11-27',
  alarmHour: '09:30',
  duration: 15,
  snooze: false,
  regarding: 'Call back Mrs. Baker',
  detail: 'She asked about the fall clean-up',
};

/** The message of each field that fails, one per field. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('alarmCreateSchema', () => {
  it('takes a complete alarm', () => {
    expect(alarmCreateSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ alarmDate: '' }, 'alarmDate', M.required],
    [{ alarmDate: '2026-02-30' }, 'alarmDate', 'Date is not valid'],
    [{ alarmDate: '2051-01-01' }, 'alarmDate', M.dateMax],
    [{ alarmHour: '' }, 'alarmHour', M.required],
    [{ alarmHour: '24:00' }, 'alarmHour', M.hourInvalid],
    [{ duration: undefined }, 'duration', M.required],
    [{ duration: 0 }, 'duration', M.durationInvalid],
    [{ duration: 1441 }, 'duration', M.durationInvalid],
    [{ duration: 2.5 }, 'duration', M.durationInvalid],
    [{ snooze: undefined }, 'snooze', M.required],
    [{ regarding: '  ' }, 'regarding', M.required],
    [{ regarding: 'x'.repeat(101) }, 'regarding', 'Max. 100 characters'],
    [{ detail: '' }, 'detail', M.required],
    [{ detail: 'a\u0000b' }, 'detail', 'Text cannot contain a NUL character'],
    [{ detail: 'a\uD800b' }, 'detail', 'Text cannot contain a broken character'],
  ])('refuses %j at %s', (change, field, message) => {
    expect(messagesOf(alarmCreateSchema.safeParse({ ...valid, ...change }))).toEqual({ [field]: message });
  });
});

describe('alarmFormSchema', () => {
  it('reads the typed duration and asks for the snooze answer', () => {
    expect(alarmFormSchema.parse({ ...valid, duration: ' 20 ' })).toEqual({ ...valid, duration: 20 });
    expect(messagesOf(alarmFormSchema.safeParse({ ...valid, duration: '', snooze: null }))).toEqual({
      duration: M.required,
      snooze: M.required,
    });
  });
});

describe('alarmStatusSchema and alarmDeleteSchema', () => {
  it('needs one of active and snooze', () => {
    expect(alarmStatusSchema.parse({ active: false })).toEqual({ active: false });
    expect(alarmStatusSchema.safeParse({}).error?.issues[0]?.message).toBe(M.statusNothing);
  });

  it('needs at least one alarm to delete', () => {
    expect(messagesOf(alarmDeleteSchema.safeParse({ ids: [] }))).toEqual({ ids: M.selectAtLeastOne });
    expect(alarmDeleteSchema.parse({ ids: [3, 4] })).toEqual({ ids: [3, 4] });
  });
});
