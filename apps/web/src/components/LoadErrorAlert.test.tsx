import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { LoadErrorAlert } from './LoadErrorAlert';

describe('LoadErrorAlert', () => {
  it("says what could not be loaded with the server's message, and retries on request", async () => {
    const onRetry = vi.fn();
    render(
      <LoadErrorAlert subject="The reports" error={new ApiError(503, { message: 'Try later' })} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The reports could not be loaded: Try later');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the message alone without a subject, and no Retry without a way to retry', () => {
    render(<LoadErrorAlert error={new ApiError(404, 'Calendar not found')} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Calendar not found$/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
