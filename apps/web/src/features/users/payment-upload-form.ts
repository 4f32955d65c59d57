import { crewPaymentTitleSchema } from '@lawn/shared';
import { z } from 'zod';

/** The upload dialog's own field: the title the file is saved under (the file itself is chosen, not typed). */
export const paymentUploadFormSchema = z.object({ title: crewPaymentTitleSchema });
