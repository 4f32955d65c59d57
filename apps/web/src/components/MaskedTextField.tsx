import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { NumberFormatBase, usePatternFormat } from 'react-number-format';

/** The phone mask of every form: a US number after the country code (`+1 (214) 555-0188`). */
export const PHONE_MASK = '+1 (###) ###-####';

type MaskedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue' | 'type'> & {
  /** `#` stands for a digit; every other character is the mask's own and is never read back as a digit. */
  pattern: string;
  /** The digits alone: what the form holds and sends. */
  value: string;
  onChange: (digits: string) => void;
};

/** How many `#` a pattern has: the most digits it takes. */
const digitSlots = (pattern: string) => [...pattern].filter((character) => character === '#').length;

/**
 * A text field that shows its digits through a mask, for phones, card numbers and the like. The mask library keeps
 * the caret where the person is typing, so typing key by key, pasting (formatted or not) and editing in the middle
 * all give the digits the person meant: the mask's own characters, the `1` of `+1` included, are never read as typed
 * digits. Text that replaces the whole field at once (a paste, an autofill) is read for its digits, keeping the last
 * ones when it has more than the mask takes (a phone pasted with its country code, `12145550188`).
 */
export function MaskedTextField({ pattern, value, onChange, slotProps, ...props }: MaskedTextFieldProps) {
  const slots = digitSlots(pattern);
  const { removeFormatting, ...maskProps } = usePatternFormat<TextFieldProps>({ format: pattern, mask: '_' });
  return (
    <NumberFormatBase<TextFieldProps>
      {...maskProps}
      removeFormatting={(text, change) => {
        // Without a change, the text is the mask's own output: read it by the mask's positions.
        const isWholeText =
          change !== undefined && change.from.start === 0 && change.from.end >= change.lastValue.length;
        if (isWholeText || !removeFormatting) return text.replace(/\D/g, '').slice(-slots);
        return removeFormatting(text, change);
      }}
      customInput={TextField}
      value={value}
      valueIsNumericString
      onValueChange={(values) => onChange(values.value)}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'numeric', ...slotProps?.htmlInput } }}
      {...props}
    />
  );
}
