import type { SxProps } from '@mui/material/styles';

/** Text for screen readers only, e.g. the state a colour or icon shows. */
export const visuallyHiddenSx: SxProps = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};
