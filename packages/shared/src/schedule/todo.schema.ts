import { z } from 'zod';
import { weekNumberSchema } from '../customers/customer.schema';
import { versionSchema } from '../http/version';
import { requiredText, selectedNumber } from '../validation';
import { mowYearSchema } from './schedule.schema';

/** A to-do's text: a reminder, as short as a skip's reason. */
export const TODO_TEXT_MAX = 200;

/** Texts of the record's to-dos. */
export const TODO_MESSAGES = {
  required: 'Field is required',
  textMax: `Max. ${TODO_TEXT_MAX} characters`,
  weekTaken: 'This week already has a to-do',
  notFound: 'To-do not found',
  stale: 'Someone else changed this to-do meanwhile. It now shows their version.',
  saved: 'To-do saved',
  open: 'Open to-do',
} as const;

/**
 * PATCH /api/customers/{id}/todos: sets the to-do of one week of the property (one a week). Without `version` it adds
 * the week's to-do (409 when the week has one); with it, it changes the to-do from that version (409 when stale).
 */
export const todoPatchSchema = z.strictObject({
  year: mowYearSchema,
  week: weekNumberSchema,
  text: requiredText({ required: TODO_MESSAGES.required, max: TODO_TEXT_MAX, maxMessage: TODO_MESSAGES.textMax }),
  done: z.boolean(),
  version: versionSchema.optional(),
});
export type TodoPatch = z.infer<typeof todoPatchSchema>;

export const todoSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  week: z.number().int(),
  text: z.string(),
  done: z.boolean(),
  version: z.number().int(),
  user: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;
export const todosResponseSchema = z.object({ data: z.array(todoSchema) });
export const todoResponseSchema = z.object({ message: z.string(), data: todoSchema });

/** The to-do form: its week select holds '' until a week is chosen, which answers like a missing week. */
export const todoFormSchema = z.strictObject({
  week: selectedNumber(weekNumberSchema),
  text: todoPatchSchema.shape.text,
});
export type TodoFormValues = z.input<typeof todoFormSchema>;
