import { APP_PATHS, calendarDateIn, EMPTY_PROPERTY_ANSWERS, nextBusinessDay, SIGN_UP_MESSAGES } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { resetSignUp, signUpStore, updateSignUp } from '../sign-up-state';
import { SignUpPage } from './SignUpPage';

function renderSignUp() {
  return renderRoutes(
    [
      { path: APP_PATHS.signUp, element: <SignUpPage /> },
      { path: APP_PATHS.signUpBilling, element: <LocationProbe name="Billing" /> },
    ],
    [APP_PATHS.signUp],
  );
}

type User = ReturnType<typeof renderRoutes>['user'];

async function answer(user: User, question: string, choice: string) {
  await user.click(within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: choice }));
}

beforeEach(() => {
  resetSignUp();
  // A quote has been made: the page asks the customer's details for it.
  updateSignUp({ serviceAddress: '1 Main St', zipcode: '75201', city: 'Dallas', state: 'TX', lotSize: 'Small' });
});

describe('the sign-up customer info', () => {
  it('keeps the contact number as typed key by key, pasted, and edited in the middle', async () => {
    const { user } = renderSignUp();
    const phone = screen.getByRole('textbox', { name: 'Contact number' });
    await user.type(phone, '2145550188');
    expect(phone).toHaveValue('+1 (214) 555-0188');
    expect(signUpStore.getState().contactNumber).toBe('2145550188');

    // Replace the area code's last digit: the caret stays where the person types.
    await user.type(phone, '{Backspace}9', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    expect(signUpStore.getState().contactNumber).toBe('2195550188');

    await user.clear(phone);
    await user.paste('+1 (972) 555-0134');
    expect(signUpStore.getState().contactNumber).toBe('9725550134');
  });

  it('asks a follow-up under a Yes, and a No clears it from the page and the kept sign-up', async () => {
    const { user } = renderSignUp();
    expect(screen.queryByRole('textbox', { name: 'Community gate code' })).not.toBeInTheDocument();
    await answer(user, 'Is there a community gate?', 'Yes');
    await user.type(screen.getByRole('textbox', { name: 'Community gate code' }), '#1234');
    expect(signUpStore.getState().answers.communityCode).toBe('#1234');

    await answer(user, 'Is there a community gate?', 'No');
    expect(screen.queryByRole('textbox', { name: 'Community gate code' })).not.toBeInTheDocument();
    expect(signUpStore.getState().answers).toMatchObject({ isCommunityGate: 'No', communityCode: '' });

    // A Yes again asks afresh: the old code is not brought back.
    await answer(user, 'Is there a community gate?', 'Yes');
    expect(screen.getByRole('textbox', { name: 'Community gate code' })).toHaveValue('');
  });

  it('refuses the sign-up while a liability release is answered No', async () => {
    // Everything else is answered, so the release is what stops the sign-up (the rules between answers are checked
    // once each answer is valid on its own).
    updateSignUp({
      firstName: 'Ann',
      lastName: 'Lee',
      contactNumber: '+1 (214) 555-0100',
      email: 'ann@example.com',
      scheduleService: 'scheduled',
      serviceDate: nextBusinessDay(calendarDateIn(new Date())),
      answers: {
        ...EMPTY_PROPERTY_ANSWERS,
        grassOvergrown: 'No',
        isCommunityGate: 'No',
        isBackyardGate: 'No',
        isFlowerBeds: 'No',
        isPetsBackyard: 'No',
        isFencePlastic: 'No',
        isAboveGroundPool: 'No',
      },
      about: 3,
    });
    const { user } = renderSignUp();
    await answer(user, 'Do you have a trampoline?', 'Yes');
    await answer(user, 'Do you release us from liability for damage to the trampoline?', 'No');
    const dialog = await screen.findByRole('dialog', { name: SIGN_UP_MESSAGES.sorryTitle });
    expect(dialog).toHaveTextContent(SIGN_UP_MESSAGES.liabilityRefused);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));

    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    const release = screen.getByRole('radiogroup', {
      name: 'Do you release us from liability for damage to the trampoline?',
    });
    expect(release).toHaveAccessibleDescription(SIGN_UP_MESSAGES.liabilityRefused);
    expect(screen.getByRole('heading', { name: 'Tell us about you' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it("refuses one-time service with 'We do not offer 1 time service.'", async () => {
    const { user } = renderSignUp();
    await user.click(screen.getByRole('combobox', { name: /One-time or scheduled service/ }));
    await user.click(await screen.findByRole('option', { name: 'One-time service' }));
    const dialog = await screen.findByRole('dialog', { name: SIGN_UP_MESSAGES.sorryTitle });
    expect(dialog).toHaveTextContent(SIGN_UP_MESSAGES.oneTimeRefused);
  });

  it('sends a visitor without a quote back to the quote', () => {
    resetSignUp();
    renderSignUp();
    expect(screen.getByText(SIGN_UP_MESSAGES.nothingToShow)).toBeInTheDocument();
  });
});

describe('the start date', () => {
  it('starts on the next business day, in the business’s time zone and calendar', () => {
    renderSignUp();
    const earliest = nextBusinessDay(calendarDateIn(new Date()));
    expect(signUpStore.getState().serviceDate).toBe(earliest);
    const [year, month, day] = earliest.split('-');
    expect(screen.getByRole('group', { name: 'Service start date' })).toHaveTextContent(`${month}/${day}/${year}`);
  });

  it('keeps a later date the customer picked, and replaces one that has passed', () => {
    updateSignUp({ serviceDate: '2049-06-01' });
    const { unmount } = renderSignUp();
    expect(signUpStore.getState().serviceDate).toBe('2049-06-01');
    unmount();
    updateSignUp({ serviceDate: '2020-06-01' });
    renderSignUp();
    expect(signUpStore.getState().serviceDate).toBe(nextBusinessDay(calendarDateIn(new Date())));
  });
});

describe('a field the server refused when the order was sent', () => {
  it('is shown at its field until it is changed, and holds the page until then', async () => {
    updateSignUp({
      firstName: 'Ann',
      email: 'manager@example.com',
      refusedFields: { email: 'This email has already been registered' },
    });
    const { user, router } = renderSignUp();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAccessibleDescription('This email has already been registered');
    expect(screen.getByText(SIGN_UP_MESSAGES.checkMarkedFields)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(router.state.location.pathname).toBe(APP_PATHS.signUp);

    await user.clear(email);
    await user.type(email, 'ann@example.com');
    expect(email).not.toHaveAccessibleDescription('This email has already been registered');
    expect(signUpStore.getState().refusedFields).toEqual({});
  });
});
