import type { ScheduleChangeRequest } from '@lawn/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { applyFieldErrors } from '../../lib/form-errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { businessToday, scheduleChangeFormSchema, toScheduleChange, type ModalChange } from './schedule-change-form';

type Options = {
  status: ModalChange;
  year: number;
  week: number;
  /** Rejects with the API error when the change was refused; the modal then stays open and shows why. */
  onSave: (change: ScheduleChangeRequest) => Promise<unknown>;
};

/** The form state of a Skip, Write in or Redo modal: shared rules first, then the server's own answer. */
export function useScheduleChangeForm({ status, year, week, onSave }: Options) {
  // Fixed for the life of the modal, so the pickable dates do not shift at midnight while it is open.
  const [today] = useState(businessToday);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(scheduleChangeFormSchema(status, year, week, today), {
    defaultValues: { message: '', date: null },
  });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSave(toScheduleChange(status, year, week, values));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['message', 'date'])) setServerError(errorMessage(error));
    }
  });

  return { form, submit, today, serverError, isSaving: form.formState.isSubmitting };
}
