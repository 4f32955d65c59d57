import { TODO_MESSAGES, type Todo } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { calendar, calendarWeek } from '../../../test/fixtures';
import { renderWithProviders, signIn } from '../../../test/render';
import { weekLabel } from '../calendar-week';
import { callsTo, CUSTOMER_ID, DEFAULT_YEAR, installScheduleServer, SLOW } from '../calendar-test-server';
import { TodoList } from './TodoList';

const todo = (overrides: Partial<Todo> = {}): Todo => ({
  id: 3,
  year: DEFAULT_YEAR,
  week: 4,
  text: 'Call before the visit',
  done: false,
  version: 2,
  user: { id: 1, fullName: 'Sofia Ramirez' },
  updatedAt: '2026-03-01T15:00:00Z',
  ...overrides,
});

function server(todos: Todo[], refuse?: boolean) {
  return installScheduleServer((request) => {
    if (request.path === `/customers/${CUSTOMER_ID}/calendar/todo`) return jsonResponse(200, { data: todos });
    if (request.path === `/customers/${CUSTOMER_ID}/todos`) {
      if (refuse) return jsonResponse(409, { message: TODO_MESSAGES.stale });
      const body = request.body as Todo;
      return jsonResponse(200, { message: TODO_MESSAGES.saved, data: todo({ ...body, id: 9, version: 1 }) });
    }
    return undefined;
  });
}

describe('the to-dos of the record', () => {
  beforeEach(() => signIn());

  it("lists the calendar year's to-dos with who wrote them", async () => {
    server([todo()]);
    renderWithProviders(<TodoList customerId={CUSTOMER_ID} />);
    const list = await screen.findByRole('list', { name: `To-dos ${DEFAULT_YEAR}` }, SLOW);
    expect(within(list).getByText('Call before the visit')).toBeInTheDocument();
    expect(within(list).getByText('Week 4, by Sofia Ramirez')).toBeInTheDocument();
  });

  it('adds a to-do on a week, typed key by key, after checking its fields, and reloads the weeks', async () => {
    const fake = server([]);
    const { user } = renderWithProviders(<TodoList customerId={CUSTOMER_ID} />);
    expect(await screen.findByText(`No to-dos for ${DEFAULT_YEAR}`, {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to-do' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to-do' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TODO_MESSAGES.required)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Week' }));
    await user.click(await screen.findByRole('option', { name: 'Week 6' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'To-do' }), 'Check the gate');
    const weekReads = callsTo(fake.requests, 'GET', `/customers/${CUSTOMER_ID}/calendar`).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = callsTo(fake.requests, 'PATCH', `/customers/${CUSTOMER_ID}/todos`)[0];
    expect(patch?.body).toEqual({ year: DEFAULT_YEAR, week: 6, text: 'Check the gate', done: false });
    expect(patch?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(callsTo(fake.requests, 'GET', `/customers/${CUSTOMER_ID}/calendar`).length).toBeGreaterThan(weekReads),
    );
  });

  it('marks a to-do done from the version shown', async () => {
    const fake = server([todo()]);
    const { user } = renderWithProviders(<TodoList customerId={CUSTOMER_ID} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Week 4 done' }, SLOW));
    await waitFor(() =>
      expect(callsTo(fake.requests, 'PATCH', `/customers/${CUSTOMER_ID}/todos`)[0]?.body).toEqual({
        year: DEFAULT_YEAR,
        week: 4,
        text: 'Call before the visit',
        done: true,
        version: 2,
      }),
    );
  });

  it("shows the server's refusal of an edit inside the dialog", async () => {
    server([todo()], true);
    const { user } = renderWithProviders(<TodoList customerId={CUSTOMER_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Edit the to-do of week 4' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit to-do' });
    await user.type(within(dialog).getByRole('textbox', { name: 'To-do' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TODO_MESSAGES.stale)).toBeInTheDocument();
  });
});

describe('a week with an open to-do', () => {
  it('says so in its block’s name', () => {
    const week = calendarWeek(DEFAULT_YEAR, 4, true, { todo: { active: true } });
    expect(weekLabel(week)).toContain(TODO_MESSAGES.open);
    expect(weekLabel(calendar().data[3] ?? week)).not.toContain(TODO_MESSAGES.open);
  });
});
