import { idParamSchema } from '@lawn/shared';
import { z } from 'zod';

/** `{id}` path parameters: a whole number from 1 to the int4 maximum, so a huge id is a 400, not a 500. */
export const idParamsSchema = z.object({ id: idParamSchema });
