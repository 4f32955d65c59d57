import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MaskedTextField, PHONE_MASK } from './MaskedTextField';

const CARD_PATTERN = '#### #### #### ####';

/** A form that holds the digits, as every form using the field does; shows what it holds. */
function Holder({ pattern, initial = '' }: { pattern: string; initial?: string }) {
  const [digits, setDigits] = useState(initial);
  return (
    <>
      <MaskedTextField label="Number" pattern={pattern} value={digits} onChange={setDigits} />
      <output aria-label="held">{digits}</output>
    </>
  );
}

function setUp(pattern: string, initial?: string) {
  const user = userEvent.setup();
  render(<Holder pattern={pattern} initial={initial} />);
  return { user, input: screen.getByRole('textbox', { name: 'Number' }), held: () => screen.getByLabelText('held') };
}

describe('MaskedTextField', () => {
  it('types a phone key by key: the 1 of +1 is the mask, never a digit', async () => {
    const { user, input, held } = setUp(PHONE_MASK);
    await user.type(input, '2145550188');
    expect(input).toHaveValue('+1 (214) 555-0188');
    expect(held()).toHaveTextContent(/^2145550188$/);
  });

  it.each([
    ['formatted', '+1 (214) 555-0188'],
    ['bare digits', '2145550188'],
    ['with the country code', '12145550188'],
    ['with dashes', '214-555-0188'],
  ])('pastes a phone %s', async (_what, pasted) => {
    const { user, input, held } = setUp(PHONE_MASK);
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue('+1 (214) 555-0188');
    expect(held()).toHaveTextContent(/^2145550188$/);
  });

  it('edits a phone in the middle: the caret stays where the person types', async () => {
    const { user, input, held } = setUp(PHONE_MASK, '2145550188');
    expect(input).toHaveValue('+1 (214) 555-0188');
    // After "+1 (214": delete the 4 and type 9 and 7 in its place.
    const element = input as HTMLInputElement;
    element.setSelectionRange(7, 7);
    await user.type(input, '{Backspace}97', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    expect(held()).toHaveTextContent(/^2197555018$/);
    expect(input).toHaveValue('+1 (219) 755-5018');
  });

  it('types, pastes and edits a card number in groups of four', async () => {
    const { user, input, held } = setUp(CARD_PATTERN);
    await user.type(input, '4242424242424242');
    expect(input).toHaveValue('4242 4242 4242 4242');
    expect(held()).toHaveTextContent(/^4242424242424242$/);

    await user.clear(input);
    await user.paste('4000 0000 0000 0002');
    expect(held()).toHaveTextContent(/^4000000000000002$/);

    // Replace the fifth digit (after "4000 ").
    await user.type(input, '{Backspace}9', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(held()).toHaveTextContent(/^4000900000000002$/);
  });
});
