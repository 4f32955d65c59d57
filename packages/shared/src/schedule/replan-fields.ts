import type { CustomerPatch } from '../customers/customer.schema';
import type { ServicePlanInput } from './service-plan';

/**
 * The record fields a property's plan is made from, with the plan input each one sets (`planWorkdays`). A change to
 * any of them re-plans the property's weeks at once. The plan's other inputs are not record fields: the
 * year and its season, the winter option (`winterScheduleStatus`, one per year) and deletion.
 */
export const PLAN_INPUT_OF_FIELD = {
  srvFrecuency: 'frequency',
  weekDay: 'weekDay',
  status: 'status',
  statusOrders: 'statusOrders',
  serviceDate: 'serviceDate',
  sendSchedule: 'sendSchedule',
  futureCancel: 'futureCancel',
} as const satisfies Partial<Record<keyof CustomerPatch, keyof ServicePlanInput>>;

type PlanField = keyof typeof PLAN_INPUT_OF_FIELD;

/** The fields whose change re-plans the property (the server checks them once a patch's changes are known). */
export const PLAN_FIELDS = Object.keys(PLAN_INPUT_OF_FIELD) as PlanField[];

/**
 * The fields whose presence in a customer patch may re-plan the property: the plan fields, a restart (it sends the
 * order back to pending) and a year's winter option. The web reloads the property's calendar after such a patch.
 */
export const REPLAN_PATCH_FIELDS = [
  ...PLAN_FIELDS,
  'isRestart',
  'winterScheduleStatus',
] as const satisfies readonly (keyof CustomerPatch)[];
