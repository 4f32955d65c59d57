import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { useBlockingOverlay } from './overlay-context';

function Harness() {
  const overlay = useBlockingOverlay();
  return (
    <>
      <button onClick={() => overlay.show()}>Work</button>
      <button onClick={() => overlay.show('Your search has been saved successfully')}>Finish</button>
    </>
  );
}

describe('blocking overlay', () => {
  it('blocks the page with a spinner while work runs', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness /> }]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Work' }));
    expect(screen.getByRole('progressbar', { name: 'Working, please wait' })).toBeVisible();
  });

  it("shows a message in a dialog titled 'Great!' that Ok closes", async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness /> }]);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Great!' });
    expect(dialog).toHaveTextContent('Your search has been saved successfully');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
