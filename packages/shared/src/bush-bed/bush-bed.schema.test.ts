import { describe, expect, it } from 'vitest';
import { bushBedFormSchema } from './bush-bed.schema';

const messagesOf = (values: unknown) => {
  const result = bushBedFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the bush-and-bed modal', () => {
  const filled = { year: 2027, weekNumber: 12, crew: '4', weekDay: 1, status: 2, instruction: '' };

  it('takes the values as the modal holds them and answers the API shape', () => {
    expect(bushBedFormSchema.parse(filled)).toEqual({ ...filled, crew: 4 });
  });

  it.each([
    [
      'nothing chosen or typed',
      { weekNumber: '', crew: '', weekDay: '', status: '' },
      {
        weekNumber: 'Required',
        crew: 'Required',
        weekDay: 'Required',
        status: 'Required',
      },
    ],
    ['a crew that is no number', { crew: 'four' }, { crew: 'Required' }],
    ['a crew out of range', { crew: '100000' }, { crew: 'Enter a whole number from 1 to 99999' }],
    ['an instruction too long', { instruction: 'x'.repeat(1001) }, { instruction: 'Max. 1000 characters' }],
  ])('answers %s', (_case, change, expected) => {
    expect(messagesOf({ ...filled, ...change })).toEqual(expected);
  });
});
