import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { callsTo, CUSTOMER_ID, findWeeks, installScheduleServer, SLOW, weekButton } from '../calendar-test-server';
import { CustomerSchedule } from './CustomerSchedule';
import { ScheduleYearProvider } from './ScheduleYearProvider';
import { ServiceNotesTab } from './ServiceNotesTab';

const base = `/customers/${CUSTOMER_ID}`;

/** The calendar, and the Service Notes tab of the record, which lists the notes of the year the calendar shows. */
function renderSchedule(customer = customerDetail({ id: CUSTOMER_ID })) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <ScheduleYearProvider>
          <CustomerSchedule customer={customer} />
          <ServiceNotesTab customerId={customer.id} />
        </ScheduleYearProvider>
      ),
    },
  ]);
}

// MUI dialogs and the date picker render slowly in jsdom; a busy machine multiplies that.
describe('customer schedule calendar', { timeout: 40_000 }, () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it("opens on the server's default year and shows its weeks, activity, skips and notes", async () => {
    const { requests } = installScheduleServer();
    renderSchedule();

    expect(await screen.findByRole('heading', { name: 'All weeks 2026' }, SLOW)).toBeInTheDocument();
    const first = callsTo(requests, 'GET', `${base}/calendar`)[0];
    expect(first?.query.has('year')).toBe(false);
    expect(first?.query.get('filter')).toBe('all');

    const weeks = within(screen.getByRole('list', { name: 'Weeks of 2026' })).getAllByRole('button');
    expect(weeks).toHaveLength(8);
    expect(weekButton(1)).toHaveAccessibleName('Week 1, 02/23 to 03/01, Service Tue 02/24');
    expect(weekButton(2)).toHaveAccessibleName('Week 2, 03/02 to 03/08, No service (Regular)');
    expect(weekButton(1)).toHaveAttribute('aria-haspopup', 'menu');
    expect(weekButton(2)).not.toHaveAttribute('aria-haspopup');

    const activity = await screen.findByRole('list', { name: 'Activity of 2026' }, SLOW);
    expect(activity).toHaveTextContent('03/03/2026Service created for week 2');
    expect(activity).toHaveTextContent('03/10/2026Week 3 skipped: Customer on vacation');
    expect(await screen.findByText('Skips in 2026: 1', {}, SLOW)).toBeInTheDocument();
    expect(callsTo(requests, 'GET', `${base}/calendar/activities`)[0]?.query.get('year')).toBe('2026');
    expect(callsTo(requests, 'GET', `${base}/service-notes`)[0]?.query.get('year')).toBe('2026');
  });

  it('moves between the offered years and keeps the choice', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    await screen.findByRole('heading', { name: 'All weeks 2026' }, SLOW);

    await user.click(screen.getByRole('button', { name: 'Next year' }));
    expect(await screen.findByRole('heading', { name: 'All weeks 2027' }, SLOW)).toBeInTheDocument();
    await findWeeks(2027);
    expect(screen.getByRole('button', { name: 'Next year' })).toBeDisabled();
    expect(await screen.findByText('Skips in 2027: 1', {}, SLOW)).toBeInTheDocument();
    // The service notes follow the calendar's year.
    expect(await screen.findByRole('heading', { name: 'Service notes 2027' }, SLOW)).toBeInTheDocument();
    expect(callsTo(requests, 'GET', `${base}/service-notes`).at(-1)?.query.get('year')).toBe('2027');

    await user.click(screen.getByRole('button', { name: 'Previous year' }));
    await user.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(await screen.findByRole('heading', { name: 'All weeks 2025' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous year' })).toBeDisabled(), SLOW);

    const years = callsTo(requests, 'GET', `${base}/calendar`).map((request) => request.query.get('year'));
    expect(years).toEqual([null, '2027', '2026', '2025']);
    expect(callsTo(requests, 'GET', `${base}/calendar/activities`).map((r) => r.query.get('year'))).toContain('2025');
  });

  it('asks for the chosen range of the year on screen', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    await findWeeks(2026);
    expect(screen.getByRole('button', { name: 'All weeks' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Only winter' }));
    await waitFor(() => expect(callsTo(requests, 'GET', `${base}/calendar`)).toHaveLength(2), SLOW);
    const last = callsTo(requests, 'GET', `${base}/calendar`)[1];
    expect([last?.query.get('year'), last?.query.get('filter')]).toEqual(['2026', 'winter']);
    expect(screen.getByRole('button', { name: 'Only winter' })).toHaveAttribute('aria-pressed', 'true');
    // The title names the range chosen, not always all weeks.
    expect(screen.getByRole('heading', { name: 'Only winter 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Only in season' }));
    expect(await screen.findByRole('heading', { name: 'Only in season 2026' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^All weeks/ })).not.toBeInTheDocument();
  });

  it("shows the server's message in place of the calendar, with a retry", async () => {
    let isDown = true;
    installScheduleServer((request) =>
      isDown && request.path === `${base}/calendar`
        ? jsonResponse(422, { message: 'This property has no schedule yet' })
        : undefined,
    );
    const { user } = renderSchedule();
    expect(await screen.findByText('This property has no schedule yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Weeks of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Service notes' })).not.toBeInTheDocument();

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findWeeks(2026)).toBeInTheDocument();
    expect(screen.queryByText('This property has no schedule yet')).not.toBeInTheDocument();
  });

  it('saves the winter option of the year at once and reloads the weeks', async () => {
    let releaseSave = () => {};
    const saved = new Promise<void>((resolve) => {
      releaseSave = resolve;
    });
    const { requests, state } = installScheduleServer((request, current) => {
      if (request.method !== 'PATCH' || request.path !== base) return undefined;
      // Hold the answer until the test has seen the checkbox disabled.
      return saved.then(() => {
        current.hasWinter = true;
        return jsonResponse(200, { data: customerDetail({ id: CUSTOMER_ID }) });
      }) as unknown as Response;
    });
    const { user } = renderSchedule();
    const winter = await screen.findByRole('checkbox', { name: 'Opt. winter' }, SLOW);
    await waitFor(() => expect(winter).toBeEnabled(), SLOW);
    expect(winter).not.toBeChecked();

    await user.click(winter);
    expect(callsTo(requests, 'PATCH', base)[0]?.body).toEqual({ winterScheduleStatus: true, year: 2026 });
    expect(winter).toBeChecked();
    expect(winter).toBeDisabled();

    releaseSave();
    await waitFor(() => expect(winter).toBeEnabled(), SLOW);
    expect(winter).toBeChecked();
    expect(state.hasWinter).toBe(true);
    expect(callsTo(requests, 'GET', `${base}/calendar`).length).toBeGreaterThan(1);
  });

  it('downloads the schedule PDF and sends it after confirmation', async () => {
    const { requests } = installScheduleServer();
    URL.createObjectURL = vi.fn(() => 'blob:schedule');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderSchedule();
    await findWeeks(2026);

    await user.click(screen.getByRole('button', { name: 'Download schedule' }));
    await waitFor(() => expect(saved).toEqual(['schedule-A-10101-2026.pdf']), SLOW);
    const download = callsTo(requests, 'GET', `/customers/downloadSchedule/${CUSTOMER_ID}`)[0];
    expect([download?.query.get('year'), download?.authorization]).toEqual(['2026', 'Bearer access-1']);

    await user.click(screen.getByRole('button', { name: 'Send schedule' }));
    const question = await screen.findByRole('dialog', { name: 'Send schedule' }, SLOW);
    expect(question).toHaveTextContent('E-mail the 2026 schedule to jo@example.com?');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The mail was sent correctly');
    expect(callsTo(requests, 'GET', `/customers/sendSchedule/${CUSTOMER_ID}`)[0]?.query.get('year')).toBe('2026');
  });

  it('offers no sending to a customer without an e-mail address', async () => {
    installScheduleServer();
    renderSchedule(customerDetail({ id: CUSTOMER_ID, email: null }));
    await findWeeks(2026);
    expect(screen.getByRole('button', { name: 'Send schedule' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download schedule' })).toBeEnabled();
  });
});
