import { z } from 'zod';

/** Texts of the 'Request deletion?' switch, and our own where the spec is silent. */
export const DELETION_REQUEST_MESSAGES = {
  label: 'Request deletion?',
  requested: 'Deletion requested!',
  confirmTitle: 'Request deletion',
  confirm: 'Ask the Admins and Managers to delete this customer? They will be notified.',
  notificationName: 'Deletion requested',
  newOrder: 'A new order cannot be deleted: reject it instead.',
} as const;

export const deletionRequestSchema = z.object({
  customerAttributesId: z.number().int(),
  requestedAt: z.string(),
  requestedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
/** GET: the record's request, or null when nobody asked yet. */
export const deletionRequestQueryResponseSchema = z.object({ data: deletionRequestSchema.nullable() });
/** POST: the request, new (201) or the one already made (200: a second request creates none). */
export const deletionRequestResponseSchema = z.object({ message: z.string(), data: deletionRequestSchema });
