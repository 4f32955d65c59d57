import { PRICE_UPDATE_MESSAGES, type PricePreview, type PriceUpdate, type PriceUpdateItem } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import { UpdatePricePage } from './UpdatePricePage';

const AUSTIN = { id: 3, name: 'Austin', taxRate: 8.25, timeZone: 'America/Chicago', phone: '5125550142' };

const PREVIEW: PricePreview = {
  properties: 1234,
  weeklyRevenueChange: 2671.5,
  sample: [
    {
      propertyId: 7,
      accountNumber: '10000000014',
      serviceAddress: '100 Elm Street',
      customerName: 'Pat Doe',
      oldPrice: 35,
      newPrice: 37.5,
      oldTotal: 37.89,
      newTotal: 40.59,
    },
  ],
};

const UPDATE: PriceUpdate = {
  id: 41,
  createdAt: '2026-05-04T15:30:00Z',
  amount: 2.5,
  type: 'increase',
  title: null,
  market: 'Austin',
  representative: 'Mia Moreno',
  status: 'completed',
  run: 'apply',
  changed: 2,
  total: 2,
  restored: 0,
  skipped: 0,
  undoneAt: null,
};

const ITEM: PriceUpdateItem = { ...PREVIEW.sample[0]!, undo: null };

const page = <T,>(rows: T[]) => ({
  data: rows,
  total: rows.length,
  perPage: 10,
  currentPage: 1,
  firstPageUrl: '/api/price-updates?page=1',
  lastPage: 1,
});

/** The API as the page uses it; `running` is how many updates the job-count call answers. */
function fakeServer(options: { running?: number; preview?: (request: FakeRequest) => Response } = {}) {
  const state = { running: options.running ?? 0, updates: [UPDATE] };
  const server = installFakeFetch((request) => {
    if (request.path === '/markets') return jsonResponse(200, { data: [AUSTIN] });
    if (request.path === '/price-updates/jobs') return jsonResponse(200, { total: state.running });
    if (request.path === '/price-updates' && request.method === 'GET') return jsonResponse(200, page(state.updates));
    if (request.path === '/price-updates/preview')
      return options.preview?.(request) ?? jsonResponse(200, { data: PREVIEW });
    if (request.path === '/price-updates' && request.method === 'POST') {
      state.running = 1;
      const started: PriceUpdate = { ...UPDATE, id: 42, status: 'in_progress', changed: 0, total: 1234 };
      state.updates = [started, ...state.updates];
      return jsonResponse(201, { message: PRICE_UPDATE_MESSAGES.started, data: started });
    }
    if (request.path === '/price-updates/41/items') return jsonResponse(200, page([ITEM]));
    if (request.path === '/price-updates/41/undo') {
      return jsonResponse(200, {
        message: PRICE_UPDATE_MESSAGES.undoStarted,
        data: { ...UPDATE, run: 'undo', status: 'in_progress' },
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return { ...server, state };
}

const renderPage = () => renderRoutes([{ path: '/update-price', element: <UpdatePricePage /> }], ['/update-price']);
const section = async (name: string) => screen.findByRole('region', { name });

describe('the bulk price update page', () => {
  it('checks the amount with the shared messages before asking anything', async () => {
    const server = fakeServer();
    const { user } = renderPage();
    const form = await section('Change every price');
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await within(form).findByText(PRICE_UPDATE_MESSAGES.priceRequired)).toBeInTheDocument();
    await user.type(amount, 'ten');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await within(form).findByText(PRICE_UPDATE_MESSAGES.priceNumber)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await within(form).findByText(PRICE_UPDATE_MESSAGES.pricePositive)).toBeInTheDocument();
    expect(server.requests.some((request) => request.path === '/price-updates/preview')).toBe(false);
  });

  it('previews a lowering of one market, then applies exactly what it previewed', async () => {
    const server = fakeServer();
    const { user } = renderPage();
    const form = await section('Change every price');
    await user.click(within(form).getByRole('button', { name: 'Lower' }));
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '2.50');
    await user.click(within(form).getByRole('combobox', { name: 'Market' }));
    await user.click(await screen.findByRole('option', { name: 'Austin' }));
    await user.click(within(form).getByRole('button', { name: 'Preview' }));

    const preview = await within(form).findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('1,234 active properties change price');
    expect(preview).toHaveTextContent('+$2,671.50');
    expect(within(preview).getByRole('row', { name: /10000000014/ })).toHaveTextContent('$35.00$37.50$40.59');
    const previewRequest = server.requests.find((request) => request.path === '/price-updates/preview');
    expect(previewRequest?.body).toEqual({ direction: 'decrease', amount: 2.5, marketId: AUSTIN.id });

    await user.click(within(preview).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/price-updates' && request.method === 'POST')).toBe(
        true,
      ),
    );
    const apply = server.requests.find((request) => request.path === '/price-updates' && request.method === 'POST');
    expect(apply?.body).toEqual({ direction: 'decrease', amount: 2.5, marketId: AUSTIN.id });
    expect(apply?.idempotencyKey).toBeTruthy();
    expect(await screen.findByText(PRICE_UPDATE_MESSAGES.started)).toBeInTheDocument();
  });

  it('keeps Apply disabled while an update runs', async () => {
    fakeServer({ running: 1 });
    const { user } = renderPage();
    const form = await section('Change every price');
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '1');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await within(form).findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('shows the server’s refusal of the amount under the field', async () => {
    fakeServer({
      preview: () =>
        jsonResponse(400, { message: 'x', errors: { amount: [PRICE_UPDATE_MESSAGES.belowZero('10000000014')] } }),
    });
    const { user } = renderPage();
    const form = await section('Change every price');
    await user.click(within(form).getByRole('button', { name: 'Lower' }));
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '50');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await within(form).findByText(PRICE_UPDATE_MESSAGES.belowZero('10000000014'))).toBeInTheDocument();
  });

  it('lists the updates; a row opens every property changed, and undo asks first', async () => {
    const server = fakeServer();
    const { user } = renderPage();
    const list = await section('Price updates');
    const row = await within(list).findByRole('row', { name: /Price update of/ });
    expect(row).toHaveTextContent('$2.50');
    expect(row).toHaveTextContent('Increase');
    expect(row).toHaveTextContent('Mia Moreno');
    expect(row).toHaveTextContent('Austin: Applied to 2');
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: /Price update of/ });
    expect(await within(dialog).findByRole('row', { name: /10000000014/ })).toHaveTextContent('$35.00$37.50');
    await user.click(within(dialog).getByRole('button', { name: 'Undo this update' }));
    const confirm = await screen.findByRole('dialog', { name: 'Undo this price update?' });
    await user.click(within(confirm).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/price-updates/41/undo')).toBe(true),
    );
    expect(await screen.findByText(PRICE_UPDATE_MESSAGES.undoStarted)).toBeInTheDocument();
  });
});
