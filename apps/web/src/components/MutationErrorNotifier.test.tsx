import { useMutation, type MutationMeta } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { FORM_SHOWS_ERRORS } from '../lib/mutation-errors';
import { renderRoutes } from '../test/render';

function SaveButton({ meta }: { meta?: MutationMeta }) {
  const save = useMutation({
    mutationFn: () => Promise.reject(new ApiError(409, { message: 'Someone else changed it' })),
    meta,
  });
  return (
    <>
      <button onClick={() => save.mutate()}>Save</button>
      <output aria-label="status">{save.status}</output>
    </>
  );
}

function renderButton(meta?: MutationMeta) {
  return renderRoutes([{ path: '/', element: <SaveButton meta={meta} /> }]);
}

describe('MutationErrorNotifier', () => {
  it("shows a failed mutation's message in the snackbar without the caller asking", async () => {
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed it');
  });

  it('leaves the error to a form that shows its own errors', async () => {
    const { user } = renderButton(FORM_SHOWS_ERRORS);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('status')).toHaveTextContent('error'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
