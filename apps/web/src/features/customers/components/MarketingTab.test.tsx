import { CUSTOMER_MESSAGES } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { customerDetail, pickList } from '../../../test/fixtures';
import { signIn } from '../../../test/render';
import { fakeRecordServer, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { MarketingTab } from './MarketingTab';

const csrUsers = [
  { id: 31, fullName: 'Maria Lopez' },
  { id: 32, fullName: 'Sam Green' },
];

/** The record as the wizard stored it: heard of us from a neighbor, with a referral code, signed by Maria. */
const signedUp = customerDetail({
  id: 101,
  about: 4,
  aboutOption: 'Neighbor',
  referralCode: 'JOE25',
  csr: 31,
  csrName: 'Maria Lopez',
  sendSchedule: 10,
  version: 4,
});

function fakeServer(start = signedUp) {
  return fakeRecordServer(start, {
    lookups: (request) =>
      request.path === '/picklists'
        ? jsonResponse(200, pickList(Number(request.query.get('filter[picklistId]'))))
        : undefined,
  });
}

const renderTab = () => renderRecordTab(101, (customer) => <MarketingTab customer={customer} csrUsers={csrUsers} />);

describe('Marketing tab', { timeout: 30_000 }, () => {
  beforeEach(() => signIn());

  it("shows what the wizard stored: how heard, its option, referral code and 'Sign by'", async () => {
    fakeServer();
    renderTab();
    expect(await screen.findByRole('combobox', { name: 'How did they hear about us?' }, SLOW)).toHaveTextContent(
      'Referral',
    );
    expect(screen.getByRole('combobox', { name: 'Which one?' })).toHaveTextContent('Neighbor');
    expect(screen.getByRole('textbox', { name: 'Referral code' })).toHaveValue('JOE25');
    expect(screen.getByRole('combobox', { name: 'Sign by' })).toHaveTextContent('Maria Lopez');
    expect(screen.getByRole('textbox', { name: 'Send schedule (week)' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'Future cancel (week)' })).toHaveValue('');
  });

  it('offers the sources and options of the pick lists; a new source saves with no option', async () => {
    const { requests } = fakeServer();
    const { user } = renderTab();
    await user.click(await screen.findByRole('combobox', { name: 'How did they hear about us?' }, SLOW));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Web search',
      'Social media',
      'Mail card',
      'Referral',
      'TV AD',
      'Current customer adding a new property',
    ]);
    await user.click(screen.getByRole('option', { name: 'Social media' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({
      about: 2,
      aboutOption: null,
      base: { about: 4, aboutOption: 'Neighbor' },
    });

    await user.click(await screen.findByRole('combobox', { name: 'Which one?' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Facebook',
      'Instagram',
      'Next Door',
    ]);
    await user.click(screen.getByRole('option', { name: 'Instagram' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(2), SLOW);
    expect(patches(requests)[1]?.body).toEqual({ aboutOption: 'Instagram', base: { aboutOption: null } });
  });

  it("saves 'Sign by', the review options and the referral code, each on its own", async () => {
    const { requests } = fakeServer();
    const { user } = renderTab();
    await user.click(await screen.findByRole('combobox', { name: 'Sign by' }, SLOW));
    await user.click(await screen.findByRole('option', { name: 'Sam Green' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ csr: 32, base: { csr: 31 } });

    await user.click(screen.getByRole('checkbox', { name: 'Review sent' }));
    await user.click(screen.getByRole('checkbox', { name: 'Restart Invites' }));
    await waitFor(() => expect(patches(requests).at(-1)?.body).toMatchObject({ optReviews: [1, 3] }), SLOW);

    const code = screen.getByRole('textbox', { name: 'Referral code' });
    await user.clear(code);
    await user.type(code, 'ANA7');
    await waitFor(() => expect(patches(requests).at(-1)?.body).toMatchObject({ referralCode: 'ANA7' }), SLOW);
  });

  it('keeps a week out of range unsaved, with its message', async () => {
    const { requests } = fakeServer();
    const { user } = renderTab();
    const week = await screen.findByRole('textbox', { name: 'Future cancel (week)' }, SLOW);
    await user.type(week, '60');
    expect(await screen.findByText(CUSTOMER_MESSAGES.weekRange)).toBeInTheDocument();
    expect(
      within(week.closest('.MuiFormControl-root') as HTMLElement).getByText(CUSTOMER_MESSAGES.weekRange),
    ).toBeVisible();
    expect(patches(requests)).toHaveLength(0);
  });
});
