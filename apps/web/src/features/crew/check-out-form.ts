import { VISIT_MESSAGES, visitNoteSchema } from '@lawn/shared';
import { z } from 'zod';

/** The check-out: a photo of the finished yard and a note for the office and the customer (the server checks both). */
export const checkOutFormSchema = z.object({
  note: visitNoteSchema,
  photo: z.custom<File>((value) => value instanceof File, VISIT_MESSAGES.photoRequired),
});
