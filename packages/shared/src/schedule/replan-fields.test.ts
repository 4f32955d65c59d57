import { describe, expect, expectTypeOf, it } from 'vitest';
import { PLAN_FIELDS, PLAN_INPUT_OF_FIELD, REPLAN_PATCH_FIELDS } from './replan-fields';
import type { ServicePlanInput } from './service-plan';

/** Plan inputs that no record field sets: the year and its season, the winter option of the year, deletion. */
type NotARecordField = 'year' | 'seasonWeeks' | 'hasWinter' | 'isDeleted';

describe('fields that re-plan a schedule', () => {
  it('cover every plan input that comes from the record', () => {
    // Fails to compile when the planner gains an input that no plan field sets.
    expectTypeOf<
      Exclude<keyof ServicePlanInput, NotARecordField | (typeof PLAN_INPUT_OF_FIELD)[keyof typeof PLAN_INPUT_OF_FIELD]>
    >().toEqualTypeOf<never>();
    expect(new Set(Object.values(PLAN_INPUT_OF_FIELD)).size).toBe(PLAN_FIELDS.length);
  });

  it('in a patch: the plan fields, restart and the winter option', () => {
    expect([...REPLAN_PATCH_FIELDS].sort()).toEqual(
      [
        'futureCancel',
        'isRestart',
        'sendSchedule',
        'serviceDate',
        'srvFrecuency',
        'status',
        'statusOrders',
        'weekDay',
        'winterScheduleStatus',
      ].sort(),
    );
  });
});
