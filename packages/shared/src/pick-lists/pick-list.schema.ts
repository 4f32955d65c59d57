import { z } from 'zod';
import { HOW_HEARD, HOW_HEARD_OPTIONS, HOW_HEARD_ORDER } from '../new-customers/new-customer.constants';
import { BILLING_REASONS } from '../notes/note.constants';

/**
 * The pick lists, by id: the how-heard sources (the `about` codes), their options (`aboutOption`, under their source's
 * code) and the billing reasons of a billing note.
 */
export const PICK_LIST = { howHeardSources: 1, howHeardOptions: 2, billingReasons: 7 } as const;
export type PickListId = (typeof PICK_LIST)[keyof typeof PICK_LIST];
export const PICK_LIST_IDS = Object.values(PICK_LIST);

/** One option of a pick list (GET /api/picklists). */
export const pickListOptionSchema = z.object({
  id: z.number().int(),
  picklistId: z.number().int(),
  /** The code a how-heard source is stored under; null for options kept by name. */
  code: z.number().int().nullable(),
  /** A how-heard option's source (its code); null elsewhere. */
  groupId: z.number().int().nullable(),
  name: z.string(),
  /** Where the option comes in its list. */
  position: z.number().int(),
});
export type PickListOption = z.infer<typeof pickListOptionSchema>;

type SeedOption = Omit<PickListOption, 'id'>;

/**
 * The options the database starts with: the how-heard sources in the order they are offered, each source's options,
 * and the billing reasons. The same words the forms and the server's rules know.
 */
export const PICK_LIST_SEED: readonly SeedOption[] = [
  ...HOW_HEARD_ORDER.map((code, position) => ({
    picklistId: PICK_LIST.howHeardSources,
    code,
    groupId: null,
    name: HOW_HEARD[code],
    position,
  })),
  ...HOW_HEARD_ORDER.flatMap((code) =>
    (HOW_HEARD_OPTIONS[code] ?? []).map((name, position) => ({
      picklistId: PICK_LIST.howHeardOptions,
      code: null,
      groupId: code,
      name,
      position,
    })),
  ),
  ...BILLING_REASONS.map((name, position) => ({
    picklistId: PICK_LIST.billingReasons,
    code: null,
    groupId: null,
    name,
    position,
  })),
];
