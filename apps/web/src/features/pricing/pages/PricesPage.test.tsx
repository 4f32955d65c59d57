import {
  LOT_SIZE_TIERS,
  PRICING_MESSAGES,
  serviceFrequencyOf,
  type LotSizeTable,
  type LotSizeTableUpdate,
  type PriceChange,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { NO_CHANGES } from '../components/PriceHistory';
import { TIER_TABLE_LABEL } from '../components/PriceTierTable';
import { PricesPage } from './PricesPage';

const AUSTIN = { id: 3, name: 'Austin', taxRate: 8.25, timeZone: 'America/Chicago', phone: '5125550142' };

/** What the zip look-up answers for downtown Austin. */
const AUSTIN_ZIP = {
  zipcode: '78701',
  city: 'Austin',
  state: 'TX',
  lat: 30.27,
  lng: -97.74,
  serviceZoneId: 40,
  serviceMarketsId: AUSTIN.id,
  marketName: AUSTIN.name,
  taxRate: AUSTIN.taxRate,
  phoneMarket: AUSTIN.phone,
  exceptions: '',
};

function defaultTable(version = 5): LotSizeTable {
  return {
    data: LOT_SIZE_TIERS.map(({ prices, ...tier }, index) => ({
      ...tier,
      id: index + 1,
      serviceFrequency: serviceFrequencyOf(prices),
    })),
    total: LOT_SIZE_TIERS.length,
    marketId: null,
    usesDefault: false,
    version,
  };
}

const change: PriceChange = {
  id: 1,
  marketId: null,
  lotSize: 'Small',
  field: 'f1',
  from: '29.00',
  to: '30.00',
  user: { id: 2, fullName: 'Mia Moreno' },
  createdAt: '2026-05-04T15:30:00Z',
};

type ServerOptions = {
  put?: (request: FakeRequest) => Response | Promise<Response>;
  changes?: PriceChange[];
};

/** The API as the page uses it: markets, a table that a PUT replaces, and the history. */
function fakeServer({ put, changes = [] }: ServerOptions = {}) {
  let table = defaultTable();
  const server = installFakeFetch(async (request) => {
    if (request.path === '/markets') return jsonResponse(200, { data: [AUSTIN] });
    if (request.path === '/base-price' && request.method === 'GET') {
      const marketId = request.query.get('marketId');
      return jsonResponse(200, marketId ? { ...table, marketId: Number(marketId), usesDefault: true } : table);
    }
    if (request.path === '/base-price' && request.method === 'PUT') {
      if (put) return put(request);
      const update = request.body as LotSizeTableUpdate;
      table = {
        ...table,
        version: table.version + 1,
        data: update.tiers.map((tier, index) => ({ ...tier, id: tier.id ?? 100 + index })),
      };
      return jsonResponse(200, table);
    }
    if (request.path === '/base-price/changes') {
      return jsonResponse(200, {
        data: changes,
        total: changes.length,
        perPage: 10,
        currentPage: 1,
        firstPageUrl: '/api/base-price/changes?page=1',
        lastPage: 1,
      });
    }
    if (request.path === '/web/map-settings') {
      return jsonResponse(200, { data: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Test tiles' } });
    }
    if (request.path === '/zip-code/78701') return jsonResponse(200, { data: AUSTIN_ZIP });
    return jsonResponse(404, { message: 'Not found' });
  });
  return {
    ...server,
    replaceTable: (next: LotSizeTable) => {
      table = next;
    },
  };
}

const renderPage = () => renderRoutes([{ path: '/prices', element: <PricesPage /> }], ['/prices']);

const tierRow = async (name: string) =>
  within(await screen.findByRole('table', { name: TIER_TABLE_LABEL })).getByRole('row', {
    name: new RegExp(`^${name} `),
  });

const line = (label: string | RegExp) =>
  within(screen.getByLabelText('Calculated price')).getByText(label).nextElementSibling?.textContent;

describe('the Prices screen', () => {
  beforeEach(() => signIn({ role: 'Manager', roles: ['Manager'] }));

  it('lists the tiers with their sizes and the four prices', async () => {
    fakeServer();
    renderPage();
    const medium = await tierRow('Medium');
    expect(
      within(medium)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3,000 – 5,999', '9,000', '$35.00', '$40.00', '$45.00', '$40.00', '']);
    expect(screen.getByText(NO_CHANGES)).toBeInTheDocument();
  });

  it('prices live with the shared engine, and disables bag grass where the rules forbid it', async () => {
    fakeServer();
    const { user } = renderPage();
    await tierRow('Small');
    expect(line('Lot size')).toBe('Medium');
    expect(line('Total')).toBe('$35.00');

    const taxRate = screen.getByRole('textbox', { name: 'Tax rate (%)' });
    await user.clear(taxRate);
    await user.type(taxRate, '8.25');
    await user.click(screen.getByRole('checkbox', { name: 'Bag grass' }));
    await user.click(screen.getByRole('checkbox', { name: 'Back' }));
    expect(line('Bag grass')).toBe('$10.00');
    expect(line('Single area discount')).toBe('−$5.00');
    expect(line('Subtotal')).toBe('$40.00');
    expect(line('Tax (8.25%)')).toBe('$3.30');
    expect(line('Total')).toBe('$43.30');

    const size = screen.getByRole('textbox', { name: 'Lot size (sq ft)' });
    await user.clear(size);
    await user.type(size, '25000');
    expect(screen.getByRole('checkbox', { name: 'Bag grass' })).toBeDisabled();
    expect(line('Lot size')).toBe('Jumbo');
    expect(line('Bag grass')).toBe('$0.00');

    await user.clear(size);
    await user.type(size, '40001');
    expect(screen.getByText(PRICING_MESSAGES.lotSizeBeyond(40_000))).toBeInTheDocument();
    expect(screen.queryByLabelText('Calculated price')).not.toBeInTheDocument();
  });

  it('saves an edited price with the version read, and the calculator follows', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await user.click(within(await tierRow('Medium')).getByRole('button', { name: 'Edit Medium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Medium' });
    const weekly = within(dialog).getByRole('textbox', { name: 'Weekly' });
    await user.clear(weekly);
    await user.type(weekly, '37.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = requests.find((request) => request.method === 'PUT');
    const body = put?.body as LotSizeTableUpdate;
    expect(body.version).toBe(5);
    expect(body.tiers).toHaveLength(7);
    expect(body.tiers[1]).toMatchObject({ id: 2, name: 'Medium', serviceFrequency: { f1: 37.5, f2: 40 } });
    expect(await screen.findByText(PRICING_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => expect(line('Base price')).toBe('$37.50'));
    expect(within(await tierRow('Medium')).getByText('$37.50')).toBeInTheDocument();
  });

  it('shows Saving... while the table is being saved', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeServer({ put: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderPage();
    await user.click(within(await tierRow('Small')).getByRole('button', { name: 'Edit Small' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Small' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer(jsonResponse(200, defaultTable(6)));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a bad price with the shared message and sends nothing', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await user.click(within(await tierRow('Large')).getByRole('button', { name: 'Edit Large' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Large' });
    const drought = within(dialog).getByRole('textbox', { name: 'Drought Schedule' });
    await user.clear(drought);
    await user.type(drought, '-4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PRICING_MESSAGES.pricePositive)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('says when someone else saved first, and shows the newer values', async () => {
    const server = fakeServer({
      put: () => {
        const newer = defaultTable(9);
        (newer.data[0] as (typeof newer.data)[number]).serviceFrequency.f1 = 31;
        server.replaceTable(newer);
        return jsonResponse(409, { message: PRICING_MESSAGES.changedElsewhere });
      },
    });
    const { user } = renderPage();
    await user.click(within(await tierRow('Medium')).getByRole('button', { name: 'Edit Medium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Medium' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRICING_MESSAGES.changedElsewhere);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => expect(within(await tierRow('Small')).getByText('$31.00')).toBeInTheDocument());
  });

  it("shows a market's table with its tax rate in the calculator, and the history", async () => {
    const { requests } = fakeServer({ changes: [change] });
    const { user } = renderPage();
    await tierRow('Small');
    await user.click(screen.getByRole('combobox', { name: 'Market' }));
    await user.click(await screen.findByRole('option', { name: 'Austin' }));
    expect(await screen.findByText('Uses the default table')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/base-price' && request.query.get('marketId') === '3')).toBe(
      true,
    );
    expect(screen.getByRole('textbox', { name: 'Tax rate (%)' })).toHaveValue('8.25');
    expect(line('Total')).toBe('$37.89');
    const history = await screen.findByRole('table', { name: 'Price changes' });
    expect(within(history).getByRole('row', { name: /Mia Moreno/ })).toHaveTextContent('SmallWeekly price29.0030.00');
    expect(
      requests.some((request) => request.path === '/base-price/changes' && request.query.get('filter[market]') === '3'),
    ).toBe(true);
  });

  it("prices an address with its zip's market, keeping the size and areas already chosen", async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await tierRow('Small');
    await user.click(screen.getByRole('checkbox', { name: 'Back' }));
    expect(line('Total')).toBe('$30.00');

    await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '78701');
    expect(await screen.findByText('Uses the default table')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Market' })).toHaveTextContent('Austin');
    expect(requests.some((request) => request.path === '/base-price' && request.query.get('marketId') === '3')).toBe(
      true,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tax rate (%)' })).toHaveValue('8.25'));
    expect(screen.getByRole('checkbox', { name: 'Back' })).not.toBeChecked();
    expect(line('Total')).toBe('$32.48');
  });
});
