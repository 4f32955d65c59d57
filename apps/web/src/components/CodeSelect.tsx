import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

type CodeSelectProps<Code extends number> = {
  label: string;
  /** A numbered vocabulary of `packages/shared` (code -> name), e.g. FREQUENCIES or WEEKDAYS, offered in its order. */
  choices: Readonly<Record<Code, string>>;
  /** The chosen code, or '' while nothing is chosen yet. */
  value: number | '';
  onChange: (code: Code) => void;
  /** The message of a broken rule, shown under the field. */
  error?: string;
  isRequired?: boolean;
  size?: 'small' | 'medium';
  /** Whether the field takes its container's width (the default in forms); a toolbar sizes it with `sx` instead. */
  isFullWidth?: boolean;
  sx?: SxProps<Theme>;
};

/** A select of one numbered vocabulary: it shows the names and hands back the chosen code as a number. */
export function CodeSelect<Code extends number>({
  label,
  choices,
  value,
  onChange,
  error,
  isRequired = false,
  size,
  isFullWidth = true,
  sx,
}: CodeSelectProps<Code>) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as Code)}
      error={error !== undefined}
      helperText={error}
      required={isRequired}
      size={size}
      sx={sx}
      fullWidth={isFullWidth}
    >
      {Object.entries<string>(choices).map(([code, name]) => (
        <MenuItem key={code} value={Number(code)}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
