import type { Report } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { page, report } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { ReportsPage } from './ReportsPage';

const completed = report({ id: 1, filename: 'march-customers.xlsx', createdAt: '2026-11-21T18:00:00Z' });
const working = report({ id: 2, filename: 'oak.csv', format: 'csv', status: 'in_progress', completedAt: null });
const failed = report({
  id: 3,
  filename: 'broken.xlsx',
  status: 'failed',
  failureReason: 'Disk full',
  completedAt: null,
});

function fakeServer(list: () => Report[] = () => [completed, working, failed]) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/reports' && request.method === 'GET')
      return jsonResponse(200, page(list(), list().length, 10));
    if (request.method === 'DELETE') return jsonResponse(200, { message: 'Report Successfully deleted' });
    if (request.path.endsWith('/send')) return jsonResponse(200, { message: 'The mail was sent correctly' });
    if (request.path.endsWith('/retry')) return jsonResponse(202, { data: { ...failed, status: 'requested' } });
    if (request.path.endsWith('/download')) {
      return new Response('a,b', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="march-customers.xlsx"' },
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () => renderRoutes([{ path: '/report', element: <ReportsPage /> }], ['/report']);

const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

async function openMenu(user: ReturnType<typeof renderPage>['user'], filename: string) {
  await user.click(within(rowOf(filename)).getByRole('button', { name: 'Download options' }));
  return screen.findByRole('menu');
}

describe('generated reports', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it('lists the reports newest first with their date in Chicago and their status', async () => {
    const { requests } = fakeServer();
    renderPage();
    expect(await screen.findByText('march-customers.xlsx')).toBeInTheDocument();
    expect(within(rowOf('march-customers.xlsx')).getByText('Nov 21, 2026, 12:00 PM')).toBeInTheDocument();
    expect(within(rowOf('march-customers.xlsx')).getByText('Completed')).toBeInTheDocument();
    expect(within(rowOf('oak.csv')).getByText('In progress')).toBeInTheDocument();
    expect(within(rowOf('broken.xlsx')).getByText('Failed')).toBeInTheDocument();
    const query = requests[0]?.query;
    expect([query?.get('page'), query?.get('limit'), query?.get('sort')]).toEqual(['1', '10', '-createdAt']);
  });

  it('shows why a report failed and retries it', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await screen.findByText('broken.xlsx');
    await user.hover(within(rowOf('broken.xlsx')).getByText('Failed'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Disk full');
    await user.click(within(rowOf('broken.xlsx')).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/reports/3/retry' })),
    );
    expect(within(rowOf('march-customers.xlsx')).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Download and Send Email only for a completed report', async () => {
    fakeServer();
    const { user } = renderPage();
    await screen.findByText('oak.csv');
    let menu = await openMenu(user, 'oak.csv');
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Send Email' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    menu = await openMenu(user, 'march-customers.xlsx');
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).not.toHaveAttribute('aria-disabled');
    expect(within(menu).getByRole('menuitem', { name: 'Send Email' })).not.toHaveAttribute('aria-disabled');
  });

  it('downloads the file with the bearer token under the name the server gives', async () => {
    const { requests } = fakeServer();
    const createObjectURL = vi.fn(() => 'blob:report');
    // jsdom has no object URLs; the browser's own download is what saveFile hands the file to.
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderPage();
    await screen.findByText('march-customers.xlsx');
    const menu = await openMenu(user, 'march-customers.xlsx');
    await user.click(within(menu).getByRole('menuitem', { name: 'Download' }));
    await waitFor(() => expect(clicked).toEqual(['march-customers.xlsx']));
    const call = requests.find((request) => request.path === '/reports/1/download');
    expect(call?.authorization).toBe('Bearer access-1');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('deletes a report after confirmation', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await screen.findByText('march-customers.xlsx');
    await user.click(within(rowOf('march-customers.xlsx')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this report?' });
    expect(dialog).toHaveTextContent('This action cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Report Successfully deleted');
    expect(requests).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/reports/1' }));
  });

  it('does not delete when the question is closed', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await screen.findByText('march-customers.xlsx');
    await user.click(within(rowOf('march-customers.xlsx')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it('sends the file to the added addresses, validating each', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await screen.findByText('march-customers.xlsx');
    const menu = await openMenu(user, 'march-customers.xlsx');
    await user.click(within(menu).getByRole('menuitem', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Email' });

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Field is required')).toBeInTheDocument();

    const field = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.type(field, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Add email' }));
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'boss@lawn.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add email' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Recipients' })).getByText('boss@lawn.test'),
    ).toBeInTheDocument();
    await user.type(field, 'ops@lawn.test{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The mail was sent correctly');
    expect(requests.find((request) => request.path === '/reports/1/send')?.body).toEqual({
      emails: ['boss@lawn.test', 'ops@lawn.test'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Email' })).not.toBeInTheDocument());
  });

  it('polls while a report is being written until it completes', async () => {
    let calls = 0;
    fakeServer(() => {
      calls += 1;
      return [calls < 2 ? working : { ...working, status: 'completed' }];
    });
    renderPage();
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(await screen.findByText('Completed', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says so when there are no reports, and reloads on request', async () => {
    const { requests } = fakeServer(() => []);
    const { user } = renderPage();
    expect(await screen.findByText('No reports yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(requests.filter((request) => request.path === '/reports')).toHaveLength(2));
  });
});
