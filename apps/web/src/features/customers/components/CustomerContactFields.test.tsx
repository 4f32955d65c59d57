import { AUTOSAVE_MESSAGES, CUSTOMER_MESSAGES, CUSTOMER_STATUSES, type CustomerDetail } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { signIn } from '../../../test/render';
import { fakeRecordServer, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { CustomerContactFields } from './CustomerContactFields';

const NOT_SAVED = AUTOSAVE_MESSAGES.invalid;
/** An address another customer has: the server refuses it as the API does (409 with the field's message). */
const TAKEN = 'taken@example.com';

const fakeServer = (start: CustomerDetail) =>
  fakeRecordServer(start, {
    answerPatch: (request: FakeRequest) => {
      const body = request.body as { email?: string | null };
      if (body.email?.toLowerCase() !== TAKEN) return undefined;
      return jsonResponse(409, {
        message: CUSTOMER_MESSAGES.emailTaken,
        errors: { email: [CUSTOMER_MESSAGES.emailTaken] },
      });
    },
  });

const render = () => renderRecordTab(101, (customer) => <CustomerContactFields customer={customer} />);
const indicator = () => screen.getByRole('status');
const phone = () => screen.getByRole('textbox', { name: 'Phone' });
const email = () => screen.getByRole('textbox', { name: 'Email' });
const messageAt = (field: HTMLElement) => within(field.closest('.MuiFormControl-root') as HTMLElement);

describe('the header card’s status, phone and e-mail', () => {
  beforeEach(() => signIn());

  it('offers every status and saves a new one at once, with the one it started from', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, status: 1, version: 3 }));
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(Object.values(CUSTOMER_STATUSES));
    await user.click(screen.getByRole('option', { name: 'Card declined' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    expect(patches(requests)[0]?.body).toEqual({ status: 2, base: { status: 1 } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Card declined');
  });

  it('takes a phone typed key by key through the mask, marks it until it is whole, and saves its digits', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, contactNumber: '5125550100' }));
    const { user } = render();
    expect(await screen.findByRole('textbox', { name: 'Phone' })).toHaveValue('+1 (512) 555-0100');
    await user.clear(phone());
    expect(messageAt(phone()).getByText(CUSTOMER_MESSAGES.contactNumberRequired)).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);
    await user.type(phone(), '97255501');
    expect(phone()).toHaveValue('+1 (972) 555-01__');
    expect(messageAt(phone()).getByText(CUSTOMER_MESSAGES.phoneInvalid)).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);
    await user.type(phone(), '23');
    expect(phone()).toHaveValue('+1 (972) 555-0123');
    await waitFor(() => expect(indicator()).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(patches(requests).map((request) => request.body)).toEqual([
      { contactNumber: '9725550123', base: { contactNumber: '5125550100' } },
    ]);
    expect(screen.queryByText(CUSTOMER_MESSAGES.phoneInvalid)).not.toBeInTheDocument();
  });

  it("marks an e-mail typed key by key with 'Invalid email' until it is one, and clears it to none", async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, email: 'jo@example.com' }));
    const { user } = render();
    await user.clear(await screen.findByRole('textbox', { name: 'Email' }));
    await user.type(email(), 'jo.ray@example');
    expect(messageAt(email()).getByText(CUSTOMER_MESSAGES.emailInvalid)).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);
    await user.type(email(), '.net');
    await waitFor(() => expect(indicator()).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(patches(requests).at(-1)?.body).toEqual({ email: 'jo.ray@example.net', base: { email: 'jo@example.com' } });

    await user.clear(email());
    await waitFor(() => expect(patches(requests).at(-1)?.body).toMatchObject({ email: null }), SLOW);
    expect(screen.queryByText(CUSTOMER_MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  it('shows the server’s "already registered" at the e-mail, keeps it as typed, and still saves the status', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, email: 'jo@example.com', status: 1 }));
    const { user } = render();
    await user.clear(await screen.findByRole('textbox', { name: 'Email' }));
    await user.type(email(), TAKEN);
    // Chosen while the e-mail's save waits: the server refuses the e-mail only.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Past Customer' }));
    expect(await messageAt(email()).findByText(CUSTOMER_MESSAGES.emailTaken, {}, SLOW)).toBeVisible();
    expect(email()).toHaveValue(TAKEN);
    // The refused address is sent once; the status, refused with it or not, is saved after it on its own.
    await waitFor(() => expect(patches(requests).at(-1)?.body).toEqual({ status: 5, base: { status: 1 } }), SLOW);
    expect(patches(requests).filter((request) => (request.body as { email?: string }).email === TAKEN)).toHaveLength(1);
    expect(indicator()).toHaveTextContent(NOT_SAVED);

    // Another address: the server's message goes with the value it was about, and the new one saves.
    await user.clear(email());
    await user.type(email(), 'jo@example.org');
    expect(screen.queryByText(CUSTOMER_MESSAGES.emailTaken)).not.toBeInTheDocument();
    await waitFor(() => expect(indicator()).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(patches(requests).at(-1)?.body).toMatchObject({ email: 'jo@example.org' });
  });
});
