import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderRoutes } from '../test/render';
import { useNotify, useNotifyError } from './notifier-context';

function Harness({ error }: { error: unknown }) {
  const notifyError = useNotifyError();
  return <button onClick={() => notifyError(error)}>Fail</button>;
}

describe('error snackbar', () => {
  it('shows the extracted message in a closable snackbar', async () => {
    const error = new ApiError(422, { message: 'Zip code is not valid (e.g. 70000)' });
    const { user } = renderRoutes([{ path: '/', element: <Harness error={error} /> }]);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zip code is not valid (e.g. 70000)');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('applies the rewrites, e.g. unauthorized', async () => {
    const { user } = renderRoutes([
      { path: '/', element: <Harness error={new ApiError(401, { message: 'unauthorized' })} /> },
    ]);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired');
  });

  it('shows a title above the message when one is given', async () => {
    function TitledHarness() {
      const notify = useNotify();
      return (
        <button onClick={() => notify('This process cannot be reversed', 'success', { title: 'Successfully deleted' })}>
          Delete
        </button>
      );
    }
    const { user } = renderRoutes([{ path: '/', element: <TitledHarness /> }]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.MuiAlertTitle-root')).toHaveTextContent('Successfully deleted');
    expect(alert).toHaveTextContent('This process cannot be reversed');
  });
});
