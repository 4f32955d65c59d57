import { CREW_NUMBER_MAX_DIGITS, crewAssignFormSchema, MARKET_MAP_MESSAGES, type CrewAssignAction } from '@lawn/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../../../components/FormTextField';
import { PendingButton } from '../../../components/PendingButton';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAssignCrewMutation } from '../api/market-map-api';

type CrewAssignFormProps = {
  marketId: number;
  selected: ReadonlySet<number>;
  onDone: (action: CrewAssignAction, changed: number) => void;
};

/**
 * Assign and Unassign for the selected stops: Assign needs a crew number (digits only, at most 5, not 0), Unassign
 * none. A refused crew shows its first error on the crew field in red.
 */
export function CrewAssignForm({ marketId, selected, onDone }: CrewAssignFormProps) {
  const form = useSchemaForm(crewAssignFormSchema, { defaultValues: { crew: '' } });
  const mutation = useAssignCrewMutation();
  const propertyIds = [...selected];
  const hasSelection = propertyIds.length > 0;

  const send = async (action: CrewAssignAction, crew?: number) => {
    try {
      const { changed } = await mutation.mutateAsync({
        action,
        marketId,
        propertyIds,
        ...(crew === undefined ? {} : { crew: String(crew) }),
      });
      if (action === 'assign') form.reset({ crew: '' });
      onDone(action, changed);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['crew'])) {
        form.setError('crew', { type: 'server', message: errorMessage(error) });
      }
    }
  };
  const assign = form.handleSubmit((values) => send('assign', values.crew));

  return (
    <Stack
      component="form"
      noValidate
      aria-label="Assign the selected stops to a crew"
      onSubmit={(event) => void assign(event)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <FormTextField
        control={form.control}
        name="crew"
        label="Crew number"
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CREW_NUMBER_MAX_DIGITS } }}
      />
      <PendingButton type="submit" variant="contained" isPending={mutation.isPending} disabled={!hasSelection}>
        Assign
      </PendingButton>
      <PendingButton
        variant="outlined"
        isPending={mutation.isPending}
        disabled={!hasSelection}
        onClick={() => void send('unassign')}
      >
        Unassign
      </PendingButton>
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: { sm: 'center' } }}>
        {hasSelection ? `${propertyIds.length} selected` : MARKET_MAP_MESSAGES.selectionRequired}
      </Typography>
    </Stack>
  );
}
