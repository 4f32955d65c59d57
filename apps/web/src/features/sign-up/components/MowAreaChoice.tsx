import { canBagGrass, SIGN_UP_MESSAGES, type MowCut } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SignUpState } from '../sign-up-state';

type MowAreaChoiceProps = {
  state: Pick<SignUpState, 'mowCut' | 'lotSize' | 'srvFrecuency' | 'useCornerLot'>;
  onToggle: (cut: MowCut) => void;
  /** The corner-lot flag is asked with the lot, not again with the result. */
  onCornerLot?: (isCornerLot: boolean) => void;
  /** Why the areas chosen cannot be quoted (none to mow), shown under them. */
  error?: string;
};

/**
 * Areas to Mow (Front, Back, and the corner-lot flag with its tooltip) and the optional Bag grass, which the big lots
 * and the Drought Schedule do not allow. Without an area to mow, `error` says so under the areas.
 */
export function MowAreaChoice({ state, onToggle, onCornerLot, error }: MowAreaChoiceProps) {
  const isBagGrassAllowed = !state.lotSize || canBagGrass(state.lotSize, state.srvFrecuency);
  const area = (cut: MowCut, label: string, isDisabled = false) => (
    <FormControlLabel
      control={<Checkbox checked={state.mowCut.includes(cut)} onChange={() => onToggle(cut)} disabled={isDisabled} />}
      label={label}
    />
  );
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Areas to Mow
      </Typography>
      <FormGroup row>
        {area('Front', 'Front')}
        {area('Back', 'Back')}
        {onCornerLot && (
          <Tooltip title={SIGN_UP_MESSAGES.cornerLotTooltip}>
            <FormControlLabel
              control={
                <Checkbox checked={state.useCornerLot} onChange={(event) => onCornerLot(event.target.checked)} />
              }
              label="Corner Lot"
            />
          </Tooltip>
        )}
      </FormGroup>
      {error && <Alert severity="error">{error}</Alert>}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Optional Services
      </Typography>
      <FormGroup row>{area('BagGrass', 'Bag grass', !isBagGrassAllowed)}</FormGroup>
    </>
  );
}
