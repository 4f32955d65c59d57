import { FIFTH_MOW_MESSAGES, type FifthMowEligibility } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithProviders, signIn } from '../../../test/render';
import { FifthMowButton } from './FifthMowDialog';

const QUALIFIES: FifthMowEligibility = {
  newCustomer: true,
  eChecks: true,
  fiveThNow: false,
  note: null,
  qualifies: true,
};

function fakeServer(eligibility: FifthMowEligibility, answer?: (request: FakeRequest) => Response | undefined) {
  return installFakeFetch((request) => {
    const special = answer?.(request);
    if (special) return special;
    if (request.path === '/customers/101/fiveMow' && request.method === 'GET') {
      return jsonResponse(200, { data: eligibility });
    }
    if (request.path === '/customers/101/fiveMow' && request.method === 'POST') {
      const body = request.body as Record<string, string>;
      return jsonResponse(201, {
        message: FIFTH_MOW_MESSAGES.applied,
        data: {
          id: 40,
          customerAttributesId: 101,
          typeId: 5,
          typeName: '5th mow note',
          ...body,
          rejectionReasons: [],
          reason: null,
          status: null,
          version: 1,
          createdAt: '2027-05-03T15:00:00Z',
          updatedAt: '2027-05-03T15:00:00Z',
          user: null,
        },
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

async function openDialog() {
  const view = renderWithProviders(<FifthMowButton customerId={101} />);
  await view.user.click(screen.getByRole('button', { name: '5th Mow' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: '5th Mow' }) };
}

describe('the 5th Mow dialog', () => {
  beforeEach(() => signIn());

  it('applies the discount to a customer who qualifies, with the note typed', async () => {
    const server = fakeServer(QUALIFIES);
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText(FIFTH_MOW_MESSAGES.qualifies)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Fifth mow free');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = server.requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({ description: 'Fifth mow free' });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(FIFTH_MOW_MESSAGES.applied)).toBeInTheDocument();
  });

  it("says 'Does not Qualify' with the note and Apply disabled, naming the condition not met", async () => {
    const server = fakeServer({ ...QUALIFIES, eChecks: false, qualifies: false });
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(FIFTH_MOW_MESSAGES.doesNotQualify)).toBeInTheDocument();
    const conditions = within(dialog).getByRole('list', { name: '5th mow conditions' });
    expect(within(conditions).getByText('Paying by e-check').nextSibling).toHaveTextContent('No');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toBeDisabled();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows the note of a discount already received', async () => {
    fakeServer({ ...QUALIFIES, fiveThNow: true, note: 'Applied in May', qualifies: false });
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Yes: Applied in May')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it("checks the note before sending, and shows the server's refusal inside the dialog", async () => {
    const server = fakeServer(QUALIFIES, (request) =>
      request.method === 'POST' ? jsonResponse(409, { message: FIFTH_MOW_MESSAGES.alreadyReceived }) : undefined,
    );
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(FIFTH_MOW_MESSAGES.qualifies);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Minimum 3 characters')).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'c');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(FIFTH_MOW_MESSAGES.alreadyReceived)).toBeInTheDocument();
  });
});
