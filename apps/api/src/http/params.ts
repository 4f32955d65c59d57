import { z } from 'zod';

/** `{id}` path parameters: a positive integer that fits PostgreSQL's int4, so a huge id is a 400, not a 500. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
