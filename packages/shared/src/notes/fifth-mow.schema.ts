import { z } from 'zod';
import { NOTE_TYPE } from './note.constants';
import { noteRules, noteSchema, noteValuesSchema } from './note.schema';

/** Texts of the 5th Mow dialog. */
export const FIFTH_MOW_MESSAGES = {
  qualifies: 'Qualifies for the 5th mow discount',
  doesNotQualify: 'Does not Qualify',
  alreadyReceived: 'This customer has already received the 5th mow discount',
  notQualified: 'Does not Qualify: the 5th mow discount is for new customers paying by e-check',
  applied: 'The 5th mow discount has been applied.',
  applyInDialog: 'A 5th mow note is made by applying the 5th mow discount',
} as const;

/**
 * GET /api/customers/{id}/fiveMow: whether the customer qualifies for the 5th mow discount. It takes all three: a new
 * customer (the property has not reached its fifth billed service), paying by e-check, and no discount received yet
 * (by billing, or applied by staff: a 5th mow note). `note` is the applied note's description.
 */
export const fifthMowEligibilitySchema = z.object({
  newCustomer: z.boolean(),
  eChecks: z.boolean(),
  fiveThNow: z.boolean(),
  note: z.string().nullable(),
  qualifies: z.boolean(),
});
export type FifthMowEligibility = z.infer<typeof fifthMowEligibilitySchema>;
export const fifthMowEligibilityResponseSchema = z.object({ data: fifthMowEligibilitySchema });

/** POST /api/customers/{id}/fiveMow: the 5th mow note's date, hour and description, under a note's rules. */
export const fifthMowApplySchema = noteValuesSchema
  .pick({ serviceDate: true, serviceHour: true, description: true })
  .superRefine((values, context) =>
    noteRules(NOTE_TYPE.fifthMow)({ ...values, rejectionReasons: [], reason: null, status: null }, context),
  );
export type FifthMowApply = z.infer<typeof fifthMowApplySchema>;
export const fifthMowApplyResponseSchema = z.object({ message: z.string(), data: noteSchema });

/** One line of the pop-up shown on opening a record. */
const popupItemSchema = z.object({ serviceDate: z.string(), description: z.string() });
export type SpecialRequestPopupItem = z.infer<typeof popupItemSchema>;

/**
 * GET /api/customers/{id}/special-request-popup: what staff must see on opening the record: the card-declined billing
 * notes still pending (`ccDeclineSpecial`) and the 5th mow notes (`fifthMowSpecial`), oldest first.
 */
export const specialRequestPopupSchema = z.object({
  ccDeclineSpecial: z.array(popupItemSchema),
  fifthMowSpecial: z.array(popupItemSchema),
});
export type SpecialRequestPopup = z.infer<typeof specialRequestPopupSchema>;
export const specialRequestPopupResponseSchema = z.object({ data: specialRequestPopupSchema });
