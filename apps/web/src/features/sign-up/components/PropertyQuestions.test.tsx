import { EMPTY_PROPERTY_ANSWERS, SIGN_UP_MESSAGES, type PropertyAnswers } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { PropertyQuestions } from './PropertyQuestions';

function Harness() {
  const [answers, setAnswers] = useState<PropertyAnswers>(EMPTY_PROPERTY_ANSWERS);
  return (
    <>
      <PropertyQuestions answers={answers} onChange={setAnswers} errors={{}} />
      <output aria-label="answers">{JSON.stringify(answers)}</output>
    </>
  );
}

function answersShown(): PropertyAnswers {
  return JSON.parse(screen.getByLabelText('answers').textContent ?? '{}') as PropertyAnswers;
}

async function answer(user: ReturnType<typeof renderRoutes>['user'], question: string, choice: string) {
  const group = await screen.findByRole('radiogroup', { name: question });
  await user.click(within(group).getByRole('radio', { name: choice }));
}

describe('the property question tree', () => {
  it('asks the follow-ups under a Yes, and a No clears them', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness /> }]);
    expect(screen.queryByRole('radiogroup', { name: 'Is it locked?' })).not.toBeInTheDocument();

    await answer(user, 'Is there a backyard gate?', 'Yes');
    await answer(user, 'Is it locked?', 'Yes');
    await user.type(screen.getByRole('textbox', { name: 'Backyard gate code' }), '4455');
    await answer(user, 'Would you like us to install a free combo lock?', 'Yes');
    expect(answersShown()).toMatchObject({ isItLocked: 'Yes', gateCode: '4455', isBackyardComboLock: 'Yes' });

    await answer(user, 'Is there a backyard gate?', 'No');
    expect(screen.queryByRole('textbox', { name: 'Backyard gate code' })).not.toBeInTheDocument();
    expect(answersShown()).toMatchObject({
      isBackyardGate: 'No',
      isItLocked: '',
      gateCode: '',
      isBackyardComboLock: '',
    });
  });

  it('opens the overgrown-grass notice on Yes', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness /> }]);
    await answer(user, 'Is your grass overgrown (above six inches)?', 'Yes');
    expect(await screen.findByRole('dialog', { name: 'Overgrown grass' })).toHaveTextContent(
      SIGN_UP_MESSAGES.overgrownGrass,
    );
  });

  it('opens the flower-bed notice on Yes and again when something could be damaged', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness /> }]);
    await answer(user, 'Do you have flower beds?', 'Yes');
    expect(await screen.findByRole('dialog', { name: 'Flower beds' })).toHaveTextContent(SIGN_UP_MESSAGES.flowerBeds);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await answer(user, 'Would you like us to line trim the flower beds?', 'Yes');
    await answer(user, 'Is there anything in the beds that could be damaged?', 'Yes');
    expect(await screen.findByRole('dialog', { name: 'Flower beds' })).toBeInTheDocument();
  });

  it('says the property cannot be serviced when a liability release is refused', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness /> }]);
    await answer(user, 'Do you have a trampoline?', 'Yes');
    await answer(user, 'Do you release us from liability for damage to the trampoline?', 'No');
    expect(await screen.findByRole('dialog', { name: SIGN_UP_MESSAGES.sorryTitle })).toHaveTextContent(
      SIGN_UP_MESSAGES.liabilityRefused,
    );
  });

  it('offers the pet answers Yes and knock first', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness /> }]);
    await answer(user, 'Are there pets in the backyard?', 'Yes');
    await answer(user, 'Can the crew mow around them?', 'Yes, knock on the front door first');
    expect(answersShown().isPetNoTrouble).toBe('yes_knock');
  });
});
