import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { useConfirm, type ConfirmOptions } from './confirm-context';

function Harness({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button onClick={() => void confirm(options).then((isConfirmed) => setAnswer(String(isConfirmed)))}>Ask</button>
      <output aria-label="answer">{answer}</output>
    </>
  );
}

function renderHarness(options: ConfirmOptions) {
  return renderRoutes([{ path: '/', element: <Harness options={options} /> }]);
}

const deleteQuestion = {
  title: 'Delete customer',
  message: 'You are about to delete a customer. Are you sure you want to delete this customer?',
};

describe('confirmation dialog', () => {
  it("shows the title and message with the default buttons 'Yes' and 'Ok'", async () => {
    const { user } = renderHarness(deleteQuestion);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete customer' });
    expect(dialog).toHaveTextContent(deleteQuestion.message);
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ok' })).toBeInTheDocument();
  });

  it("resolves true on 'Yes'", async () => {
    const { user } = renderHarness(deleteQuestion);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByLabelText('answer')).toHaveTextContent('true'));
  });

  it("resolves false on 'Ok' (close)", async () => {
    const { user } = renderHarness(deleteQuestion);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.getByLabelText('answer')).toHaveTextContent('false'));
  });

  it('uses the button texts it is given', async () => {
    const { user } = renderHarness({ ...deleteQuestion, confirmText: 'Delete', closeText: 'Cancel' });
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
