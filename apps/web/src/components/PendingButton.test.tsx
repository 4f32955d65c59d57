import { DeleteIcon as Delete } from './icons';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PendingButton, SubmitButton } from './PendingButton';

describe('PendingButton', () => {
  it('shows its own icon and can be pressed while idle', () => {
    render(
      <PendingButton isPending={false} startIcon={<Delete data-testid="icon" />}>
        Delete
      </PendingButton>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });

  it('is disabled and shows a spinner instead of its icon while pending', () => {
    render(
      <PendingButton isPending startIcon={<Delete data-testid="icon" />}>
        Delete
      </PendingButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    expect(screen.queryByTestId('icon')).not.toBeInTheDocument();
  });

  it('stays disabled when asked to, even when idle', () => {
    render(
      <PendingButton isPending={false} disabled>
        Send
      </PendingButton>,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('SubmitButton', () => {
  it('submits its form', () => {
    render(
      <form>
        <SubmitButton isPending={false}>Save</SubmitButton>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });
});
