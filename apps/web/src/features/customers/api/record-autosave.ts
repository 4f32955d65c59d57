import type { CustomerDetail, CustomerPatch } from '@lawn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { customerKeys } from '../../../lib/query-keys';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { useAutosave } from '../../../lib/use-autosave';
import { usePatchCustomerMutation } from './customers-api';

/** The fields a record form autosaves; the version is added when the save is sent. */
export type RecordFieldsPatch = Omit<CustomerPatch, 'version'>;

/**
 * Autosave of the record's forms. Each save carries the version of the record as the screen last received it (read
 * when the save is sent, so a save queued behind another carries the version that one answered). A 409 reloads the
 * record and hands the newer values to `onConflict`, so the form shows them instead of overwriting them. The
 * indicator shows every error, so no snackbar repeats it.
 */
export function useRecordAutosave(id: number, onConflict: (newer: CustomerDetail) => void) {
  const queryClient = useQueryClient();
  const patch = usePatchCustomerMutation(id, { meta: FORM_SHOWS_ERRORS });
  const key = customerKeys.detail(id);
  const save = useCallback(
    (fields: RecordFieldsPatch) =>
      patch.mutateAsync({ ...fields, version: queryClient.getQueryData<CustomerDetail>(key)?.version }),
    [patch, queryClient, key],
  );
  const reloadNewer = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    const newer = queryClient.getQueryData<CustomerDetail>(key);
    if (newer) onConflict(newer);
  }, [queryClient, key, onConflict]);
  return useAutosave<RecordFieldsPatch>({ save, onConflict: () => void reloadNewer() });
}
