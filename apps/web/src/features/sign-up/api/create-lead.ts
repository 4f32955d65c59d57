import { leadCreatedResponseSchema, type LeadRequest } from '@lawn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

type CreateLead = { lead: LeadRequest; idempotencyKey: string };

/** POST /web/leads: a visitor whose zip is not served leaves their details. The form shows its failures itself. */
export function useCreateLeadMutation() {
  return useMutation({
    mutationFn: async ({ lead, idempotencyKey }: CreateLead) =>
      leadCreatedResponseSchema.parse(await api.post('/web/leads', lead, { idempotencyKey })).data,
    meta: FORM_SHOWS_ERRORS,
  });
}
