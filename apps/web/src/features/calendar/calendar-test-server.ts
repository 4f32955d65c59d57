import type { Activity, Calendar, CalendarFilter, ServiceNotes } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { calendar, customerDetail, serviceNote } from '../../test/fixtures';

export const CUSTOMER_ID = 101;
/** The year the fake server opens on when the call names none. */
export const DEFAULT_YEAR = 2026;

export type ScheduleServerState = {
  hasWinter: boolean;
  skipsCount: number;
  activities: Activity[];
  notes: ServiceNotes;
  /** Builds the weeks the server answers for a year and range. */
  calendarOf: (year: number, filter: CalendarFilter, hasWinter: boolean) => Calendar;
};

type Special = (request: FakeRequest, state: ScheduleServerState) => Response | undefined;

export function defaultScheduleState(): ScheduleServerState {
  return {
    hasWinter: false,
    skipsCount: 1,
    activities: [
      { workday: '2026-03-03', description: 'Service created for week 2' },
      { workday: '2026-03-10', description: 'Week 3 skipped: Customer on vacation' },
    ],
    notes: {
      skips: [serviceNote()],
      write: [serviceNote({ id: 2, type: 'write', week: 5, workday: '2026-03-26', message: 'Make-up visit' })],
      redo: [],
    },
    calendarOf: (year, filter, hasWinter) => calendar({ year, filter, hasWinter }),
  };
}

/**
 * A fake API for one property's schedule, answering the calls of the calendar area like the real one does.
 * `special` answers first (failures, slow answers); anything unknown is a 404.
 */
export function installScheduleServer(special?: Special, state: ScheduleServerState = defaultScheduleState()) {
  const base = `/customers/${CUSTOMER_ID}`;
  const fake = installFakeFetch((request) => {
    const answer = special?.(request, state);
    if (answer) return answer;
    const year = Number(request.query.get('year') ?? DEFAULT_YEAR);
    const body = request.body as Record<string, unknown> | undefined;
    switch (`${request.method} ${request.path}`) {
      case `GET ${base}/calendar`: {
        const filter = (request.query.get('filter') ?? 'all') as CalendarFilter;
        return jsonResponse(200, { data: state.calendarOf(year, filter, state.hasWinter) });
      }
      case `GET ${base}/calendar/activities`:
        return jsonResponse(200, { data: state.activities });
      case `GET ${base}/skipsCount`:
        return jsonResponse(200, { data: { year, count: state.skipsCount } });
      case `GET ${base}/service-notes`:
        return jsonResponse(200, { data: state.notes });
      case `DELETE ${base}/service-notes`:
        return jsonResponse(200, { message: 'Service Successfully deleted' });
      case `PATCH ${base}/service-notes`:
        return jsonResponse(200, { message: 'Service note updated' });
      case `PATCH ${base}/attributes`:
        return jsonResponse(200, {
          message: `Week ${String(body?.week)} updated`,
          data: state.calendarOf(Number(body?.year), 'all', state.hasWinter),
        });
      case `PATCH ${base}`:
        state.hasWinter = body?.winterScheduleStatus === true;
        return jsonResponse(200, {
          data: customerDetail({
            id: CUSTOMER_ID,
            winterScheduleStatus: [{ year: Number(body?.year), status: state.hasWinter }],
          }),
        });
      case `GET /customers/sendSchedule/${CUSTOMER_ID}`:
        return jsonResponse(200, { message: 'The mail was sent correctly' });
      case `GET /customers/downloadSchedule/${CUSTOMER_ID}`:
        return new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="schedule-A-10101-${year}.pdf"`,
          },
        });
      default:
        return jsonResponse(404, { message: 'Not found' });
    }
  });
  return { ...fake, state };
}

/** The calls a test made, by method and path. */
export function callsTo(requests: FakeRequest[], method: string, path: string): FakeRequest[] {
  return requests.filter((request) => request.method === method && request.path === path);
}

/** Waits after a fake call: jsdom renders MUI slowly on a busy machine, so the default 1 s is too tight. */
export const SLOW = { timeout: 5000 };

/** The week list of a year, once the calendar has answered. */
export function findWeeks(year: number): Promise<HTMLElement> {
  return screen.findByRole('list', { name: `Weeks of ${year}` }, SLOW);
}

/** A week block of the calendar on screen, by number. */
export function weekButton(week: number): HTMLElement {
  const list = screen.getByRole('list', { name: /^Weeks of/ });
  const button = Array.from(list.querySelectorAll('button')).find((element) =>
    element.getAttribute('aria-label')?.startsWith(`Week ${week},`),
  );
  if (!button) throw new Error(`No block for week ${week}`);
  return button;
}
