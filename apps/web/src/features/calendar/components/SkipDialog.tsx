import type { CalendarWeek, ScheduleChangeRequest } from '@lawn/shared';
import { FormDialog } from '../../../components/FormDialog';
import { weekSpanText } from '../calendar-week';
import { useScheduleChangeForm } from '../use-schedule-change-form';
import { ServiceMessageField } from './ServiceMessageField';

type SkipDialogProps = {
  isOpen: boolean;
  year: number;
  week: CalendarWeek;
  onClose: () => void;
  onSave: (change: ScheduleChangeRequest) => Promise<unknown>;
};

/** Skip modal: the reason is required, up to 200 characters. Mount it anew for each week. */
export function SkipDialog({ isOpen, year, week, onClose, onSave }: SkipDialogProps) {
  const { form, submit, serverError, isSaving } = useScheduleChangeForm({
    status: 'skip',
    year,
    week: week.week,
    onSave,
  });
  return (
    <FormDialog
      isOpen={isOpen}
      isPending={isSaving}
      title="Skip"
      description={weekSpanText(week)}
      error={serverError}
      submitLabel="Skip week"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <ServiceMessageField
        control={form.control}
        name="message"
        label="Reason"
        isRequired
        autoFocus
        disabled={isSaving}
      />
    </FormDialog>
  );
}
