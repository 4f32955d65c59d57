import { CUSTOMER_SEARCH_MAX_LENGTH, CUSTOMER_SEARCH_MESSAGES } from '@lawn/shared';
import { SearchIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { searchTextOf } from '../customer-list-search';

/** The list searches once the person has stopped typing this long, not on every key. */
const SEARCH_DELAY_MS = 400;

type CustomerSearchBoxProps = {
  /** The text the list searches for now (from the URL). */
  value: string;
  /** A new text to search for ('' for none), after the pause or at once on Enter. */
  onSearch: (text: string) => void;
};

/**
 * One box above the customer list that finds a customer by name, service address, account number, phone or e-mail
 * as the person types. A text too short to search says so and shows the whole list.
 */
export function CustomerSearchBox({ value, onSearch }: CustomerSearchBoxProps) {
  const [typed, setTyped] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The last search this box asked for. Its own search coming back (after the person typed on) must not replace what
  // they typed since; any other search is a change from elsewhere.
  const [sent, setSent] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ value, onSearch });
  useEffect(() => {
    latest.current = { value, onSearch };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL changed from elsewhere (Back, the menu's Customer List): the box shows that search.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== sent) {
      setSent(value);
      if (searchTextOf(typed) !== value) setTyped(value);
    }
  }

  const search = (text: string) => {
    clearTimeout(timer.current);
    const next = searchTextOf(text);
    if (next === latest.current.value) return;
    setSent(next);
    latest.current.onSearch(next);
  };
  const change = (text: string) => {
    setTyped(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(text), SEARCH_DELAY_MS);
  };
  const isTooShort = typed.trim() !== '' && searchTextOf(typed) === '';

  return (
    <Box role="search" sx={{ maxWidth: 560 }}>
      <TextField
        type="search"
        label={CUSTOMER_SEARCH_MESSAGES.label}
        placeholder={CUSTOMER_SEARCH_MESSAGES.placeholder}
        value={typed}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search(typed);
        }}
        helperText={isTooShort ? CUSTOMER_SEARCH_MESSAGES.tooShort : ' '}
        fullWidth
        size="small"
        autoComplete="off"
        slotProps={{
          htmlInput: { maxLength: CUSTOMER_SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
