import { REFERRAL_MESSAGES, type ReferralMarket, type Role } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { ReferralPanelPage } from './ReferralPanelPage';

const market = (id: number, name: string, types: ReferralMarket['types']): ReferralMarket => ({
  id,
  name,
  isResign: true,
  version: 4,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  types,
});

const type = (id: number, marketId: number, name: string, phone: string, website = '') => ({
  id,
  customerReferralId: marketId,
  service: '',
  name,
  phone,
  comment: '',
  secondChoice: '',
  secondPhone: '',
  secondComment: '',
  website,
  version: 2,
});

const markets = [
  market(1, 'Dallas', [type(10, 1, 'Ana', '2145550101', 'ana.example.com'), type(11, 1, 'Bo', '2145550102')]),
  market(2, 'Waco', []),
];

function fakeServer(
  answer: (request: FakeRequest) => Response = () =>
    jsonResponse(200, { data: markets, message: REFERRAL_MESSAGES.saved }),
) {
  return installFakeFetch((request) => {
    if (request.path === '/referral' && request.method === 'GET') return jsonResponse(200, { data: markets });
    if (request.path === '/referral/changes') return answer(request);
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderPage(role: Role = 'Manager') {
  signIn({ role, roles: [role] });
  return renderRoutes(
    [{ path: '/customer-referral-panel', element: <ReferralPanelPage isResign /> }],
    ['/customer-referral-panel'],
  );
}

const SLOW = { timeout: 5000 };
const section = (name: string) => screen.getByRole('region', { name });
/** A dialog hides the page from assistive technology until it has gone. */
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);

describe('the no-resign referral page', () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads each market's table, 'No Referrals' when it has none, and asks for this page only", async () => {
    const { requests } = fakeServer();
    renderPage('customer-service');
    expect(await screen.findByRole('heading', { name: 'Dallas' }, SLOW)).toBeInTheDocument();
    const dallas = within(section('Dallas'));
    expect(dallas.getByRole('columnheader', { name: 'Website' })).toBeInTheDocument();
    expect(dallas.getByRole('row', { name: /Ana \+1 \(214\) 555-0101 ana\.example\.com/ })).toBeInTheDocument();
    expect(within(section('Waco')).getByText(REFERRAL_MESSAGES.empty)).toBeInTheDocument();
    expect(requests[0]?.query.get('filter[is_resign]')).toBe('1');
    // customer-service reads only.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('keeps every change on the page, marked, until Update sends them in one call', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Dallas' }, SLOW);
    expect(screen.getByRole('button', { name: 'Add Market' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit' }));

    await user.click(within(section('Waco')).getByRole('button', { name: 'Add referral' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Referral' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Cy');
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '254-555-010');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText(REFERRAL_MESSAGES.phoneInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await dialogClosed();
    expect(within(section('Waco')).getByRole('row', { name: /Cy .*New, not sent/ })).toBeInTheDocument();

    await user.click(within(section('Dallas')).getByRole('button', { name: 'Edit Ana' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Referral' });
    const website = within(dialog).getByRole('textbox', { name: /^Website/ });
    await user.clear(website);
    await user.type(website, 'https://ana.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await dialogClosed();

    await user.click(within(section('Dallas')).getByRole('button', { name: 'Delete Bo' }));
    const confirmDialog = await screen.findByRole('dialog', { name: REFERRAL_MESSAGES.deleteTypeConfirm });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Yes' }));
    await dialogClosed();
    expect(await within(section('Dallas')).findByRole('row', { name: /Bo .*Deleted, not sent/ })).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(REFERRAL_MESSAGES.saved)).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]?.body).toEqual({
      isResign: true,
      markets: [],
      types: [
        { op: 'update', id: 10, version: 2, name: 'Ana', phone: '2145550101', website: 'https://ana.example.org' },
        { op: 'delete', id: 11, version: 2 },
        { op: 'create', market: 2, name: 'Cy', phone: '2545550103', website: '' },
      ],
    });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("keeps the changes when Update is refused, with the server's message at the row it names", async () => {
    fakeServer(() =>
      jsonResponse(400, {
        message: 'The given data was invalid.',
        errors: { 'types.0.phone': [REFERRAL_MESSAGES.phoneInvalid] },
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Dallas' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Market' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Market' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Market name/ }), 'Austin');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await dialogClosed();
    await user.click(await within(section('Austin')).findByRole('button', { name: 'Add referral' }));
    const referral = await screen.findByRole('dialog', { name: 'Add Referral' });
    await user.type(within(referral).getByRole('textbox', { name: /^Name/ }), 'Di');
    await user.type(within(referral).getByRole('textbox', { name: /^Phone/ }), '5125550100');
    await user.click(within(referral).getByRole('button', { name: 'Done' }));
    await dialogClosed();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    const austin = within(section('Austin'));
    expect(await austin.findByRole('alert')).toHaveTextContent(`Di: Phone: ${REFERRAL_MESSAGES.phoneInvalid}`);
    expect(austin.getByRole('row', { name: /Di .*New, not sent/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('asks before Cancel drops pending changes', async () => {
    fakeServer();
    const { user } = renderPage('Representative');
    await screen.findByRole('heading', { name: 'Dallas' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(within(section('Waco')).getByRole('button', { name: 'Delete market' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: REFERRAL_MESSAGES.deleteMarketConfirm })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await dialogClosed();
    expect(screen.getByText('Deleted, not sent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Yes' }),
    );
    await dialogClosed();
    expect(screen.queryByText('Deleted, not sent')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});
