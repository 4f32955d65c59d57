import { z } from 'zod';

/** What a change did to an account: made it, edited it, or switched its sign-in off or on again. */
export const USER_HISTORY_ACTIONS = ['created', 'updated', 'deactivated', 'reactivated'] as const;
export type UserHistoryAction = (typeof USER_HISTORY_ACTIONS)[number];

/** The account fields a change records, before and after. The password never is: only that it was changed. */
export const USER_HISTORY_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'status',
  'crewNumber',
  'serviceMarketId',
] as const;
export type UserHistoryField = (typeof USER_HISTORY_FIELDS)[number];

export const userHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(USER_HISTORY_ACTIONS),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  isPasswordChanged: z.boolean(),
  /** Who made the change; null when their account is gone. */
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type UserHistoryEntry = z.infer<typeof userHistoryEntrySchema>;

/** GET /api/users/{id}/history: the account's changes, newest first. */
export const userHistoryResponseSchema = z.object({ data: z.array(userHistoryEntrySchema) });
