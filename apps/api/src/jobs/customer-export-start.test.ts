import type { Report } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reports } from '../db/schema';
import { createLogger } from '../logger';
import { insertCustomers } from '../test/customer-list-fixtures';
import { useTestContext } from '../test/test-app';
import { waitFor } from '../test/wait-for';

/**
 * The workers look for new jobs this seldom, far longer than the wait below: a report completed within it was started
 * by the request that queued it, not by a poll.
 */
const POLLING_INTERVAL_SECONDS = 60;
const WITHIN_ONE_POLL_MS = 20_000;

const t = useTestContext({ config: { jobPollingIntervalSeconds: POLLING_INTERVAL_SECONDS } });
const mailer = { send: async () => ({ messageId: '' }), close: () => undefined };

describe('a queued customer export', () => {
  it('starts at once in the process that queued it, without waiting for the next poll', async () => {
    await insertCustomers(t.db, [{ firstName: 'Zoe', lastName: 'Adams' }]);
    const owner = await t.createUser({ role: 'Manager' });
    const headers = await t.authHeaders(owner);
    await t.jobs.startWorkers({ db: t.db, mailer, config: t.config, log: createLogger({ level: 'silent' }) });
    // Each worker looks once as it starts, then sleeps for the polling interval: let that first look pass, so the
    // export below is queued while the worker sleeps.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/customers',
      headers,
      payload: { nameDoc: 'Right away', typeDoc: 'csv', clients: 'all', query: {} },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json<{ data: Report }>().data;

    const done = await waitFor(
      'the export to complete',
      async () => {
        const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
        return row?.status === 'completed' || row?.status === 'failed' ? row : undefined;
      },
      WITHIN_ONE_POLL_MS,
    );
    expect(done).toMatchObject({ status: 'completed', rowCount: 1 });
  });
});
