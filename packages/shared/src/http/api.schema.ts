import { z } from 'zod';

/** The one error body every failing call returns (docs/architecture.md, 'Errors'). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A page of a list: its rows and where it sits in the whole. */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: z.number().int(),
    perPage: z.number().int(),
    currentPage: z.number().int(),
    firstPageUrl: z.string(),
    lastPage: z.number().int(),
  });
}
export type Page<T> = {
  data: T[];
  total: number;
  perPage: number;
  currentPage: number;
  firstPageUrl: string;
  lastPage: number;
};

/** `render=count` answers only the number of matching rows. */
export const countSchema = z.object({ total: z.number().int() });

export const LIST_LIMIT_MAX = 500;
