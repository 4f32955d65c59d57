import TextField from '@mui/material/TextField';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './FormDialog';
import { useOpeningCount } from './use-opening-count';

type Props = Partial<Parameters<typeof FormDialog>[0]>;

function renderDialog(props: Props = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <FormDialog
      isOpen
      title="Skip"
      submitLabel="Skip week"
      isPending={false}
      onClose={onClose}
      onSubmit={onSubmit}
      {...props}
    >
      <TextField label="Reason" />
    </FormDialog>,
  );
  return { onClose, onSubmit, user: userEvent.setup() };
}

describe('FormDialog', () => {
  it('is named by its title and shows the description, the error and the fields', () => {
    renderDialog({ description: 'Week 3: 03/09/2026 to 03/15/2026', error: 'Too late for this week' });
    const dialog = screen.getByRole('dialog', { name: 'Skip' });
    expect(dialog).toHaveTextContent('Week 3: 03/09/2026 to 03/15/2026');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Too late for this week');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBeInTheDocument();
  });

  it('submits with its submit button and closes with Cancel or Escape', async () => {
    const { onClose, onSubmit, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Skip week' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be closed or sent twice while the form is being sent', async () => {
    const { onClose, user } = renderDialog({ isPending: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip week' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});

function NameForm({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  return (
    <FormDialog isOpen={isOpen} title="Name" submitLabel="Save" isPending={false} onClose={onClose} onSubmit={vi.fn()}>
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
    </FormDialog>
  );
}

function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button onClick={() => setIsOpen(true)}>Open</button>
      <NameForm key={useOpeningCount(isOpen)} isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}

describe('useOpeningCount', () => {
  it('as a key, starts the form empty on every opening', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'March');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
