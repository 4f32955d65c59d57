import Button from '@mui/material/Button';
import { useState } from 'react';
import { SearchIcon } from '../../../components/icons';
import { LookupDialog } from './LookupDialog';

/** 'Lookup': opens the lookup wizard as a modal over the page. */
export function LookupButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        startIcon={<SearchIcon aria-hidden />}
        onClick={() => setIsOpen(true)}
      >
        Lookup
      </Button>
      <LookupDialog isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
