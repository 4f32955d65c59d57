import {
  BUSH_BED_MESSAGES,
  BUSH_BED_PRICE_NOTE,
  type BushBedCalendar,
  type BushBedService,
  type BushBedWeek,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithProviders, signIn } from '../../../test/render';
import { BushBedPanel } from './BushBedPanel';

const YEAR = 2027;

function service(overrides: Partial<BushBedService> = {}): BushBedService {
  return {
    id: 7,
    customerAttributeId: 101,
    year: YEAR,
    weekNumber: 2,
    crew: 4,
    weekDay: 1,
    weekDayName: 'Monday',
    status: 2,
    statusName: 'Yes',
    instruction: 'Trim the hedges',
    version: 3,
    createdAt: '2027-03-01T15:00:00Z',
    updatedAt: '2027-03-01T15:00:00Z',
    ...overrides,
  };
}

function week(number: number, booked: BushBedService | null): BushBedWeek {
  const start = `2027-03-${String(number * 7 - 6).padStart(2, '0')}`;
  const end = `2027-03-${String(number * 7).padStart(2, '0')}`;
  return {
    week: number,
    start,
    end,
    status: 'regular',
    current: { active: false, color: '#242323' },
    holidays: [],
    winter: { active: false, color: '#ccc' },
    customer: {
      active: false,
      color: '#ccc',
      workday: null,
      message: null,
      typeServiceNote: null,
      isRegularService: false,
    },
    todo: { active: false },
    bbId: booked?.id ?? null,
    bbStatus: booked?.status ?? null,
    color: booked ? '#10AA39' : null,
    selectWeek: number,
    selectYear: YEAR,
  };
}

function fakeServer(list: BushBedService[], answer?: (request: FakeRequest) => Response | undefined) {
  const calendar: BushBedCalendar = {
    year: YEAR,
    years: [YEAR],
    data: [1, 2, 3].map((number) => week(number, list.find((item) => item.weekNumber === number) ?? null)),
  };
  return installFakeFetch((request) => {
    const special = answer?.(request);
    if (special) return special;
    if (request.path === '/customers/101/bush-bed' && request.method === 'GET')
      return jsonResponse(200, { data: list });
    if (request.path === '/customers/101/bbCalendar') return jsonResponse(200, { data: calendar });
    if (request.method === 'POST') {
      return jsonResponse(201, { message: BUSH_BED_MESSAGES.created, data: service({ id: 8 }) });
    }
    if (request.method === 'PATCH') {
      return jsonResponse(200, { message: BUSH_BED_MESSAGES.updated, data: service({ version: 4 }) });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const choose = async (user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the bush-and-bed services of the B&B tab', () => {
  beforeEach(() => signIn());

  it('tells the price, lists the services and marks their weeks on the calendar', async () => {
    fakeServer([service()]);
    renderWithProviders(<BushBedPanel customerId={101} />);
    expect(screen.getByText(new RegExp(BUSH_BED_PRICE_NOTE.replace('$', '\\$')))).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Bush-and-bed services' });
    expect(await within(table).findByText('Trim the hedges')).toBeInTheDocument();
    const calendar = await screen.findByRole('list', { name: `B&B calendar ${YEAR}` });
    expect(within(calendar).getByRole('button', { name: /^Week 2, .*: Yes$/ })).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: /^Week 1, .*: no bush-and-bed service$/ })).toBeInTheDocument();
  });

  it("answers 'Required' for each field left empty, then books the service with an Idempotency-Key", async () => {
    const server = fakeServer([]);
    const { user } = renderWithProviders(<BushBedPanel customerId={101} />);
    expect(await screen.findByText('No bush-and-bed services yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bush-and-bed service' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(4);
    await choose(user, 'Week number', 'Week 3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Crew' }), '4');
    await choose(user, 'Week day', 'Monday');
    await choose(user, 'Status', 'Yes');
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'Weed the beds');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = server.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      year: YEAR,
      weekNumber: 3,
      crew: 4,
      weekDay: 1,
      status: 2,
      instruction: 'Weed the beds',
    });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens a booked week of the calendar to edit its service from the version read', async () => {
    const server = fakeServer([service()]);
    const { user } = renderWithProviders(<BushBedPanel customerId={101} />);
    await screen.findByText('Trim the hedges');
    await user.click(await screen.findByRole('button', { name: /^Week 2, .*: Yes$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bush-and-bed service' });
    expect(within(dialog).getByRole('textbox', { name: 'Crew' })).toHaveValue('4');
    await choose(user, 'Status', 'Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = server.requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/customers/101/bush-bed/7');
    expect(patch?.body).toMatchObject({ status: 3, version: 3, weekNumber: 2 });
  });

  it('shows a refusal of the server in a warning inside the modal', async () => {
    fakeServer([service()], (request) =>
      request.method === 'PATCH' ? jsonResponse(409, { message: BUSH_BED_MESSAGES.stale }) : undefined,
    );
    const { user } = renderWithProviders(<BushBedPanel customerId={101} />);
    await user.click(await screen.findByRole('button', { name: 'Edit the service of week 2, 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bush-and-bed service' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BUSH_BED_MESSAGES.stale)).toBeInTheDocument();
  });
});
