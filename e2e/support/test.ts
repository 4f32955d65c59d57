import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createCustomer, type Customer, type NewCustomer } from './customers';
import { officeApi, SESSION_REUSE_MS, type OfficeApi } from './office-api';
import { signIn, STAFF, type StaffRole } from './sign-in';

export { expect } from '@playwright/test';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

type WorkerFixtures = {
  /** The office's API as the demo Admin, signed in once per worker. */
  office: OfficeApi;
  /** The browser storage (local storage and cookies) of a signed-in session of `role`, one per worker and role. */
  staffSession: (role: StaffRole) => Promise<StorageState>;
};

type TestFixtures = {
  /** The role whose session the test's `page` starts with (set with `test.use`); signed out when unset. */
  signedInAs: StaffRole | undefined;
  /** Another page, in a context of its own: signed in as `role` on the worker's session, or on a new one. */
  staffPage: (role?: StaffRole, options?: { isOwnSession?: boolean }) => Promise<Page>;
  /** A customer of the test's own, made through the office's API (see `createCustomer`). */
  newCustomer: (customer?: NewCustomer) => Promise<Customer>;
};

/** Signs in through the login screen in a context of its own and keeps what the app stored. */
async function signedInState(browser: Browser, baseURL: string | undefined, email: string): Promise<StorageState> {
  // A worker's own context: the test's options (baseURL among them) do not reach it.
  const context = await browser.newContext({ baseURL });
  try {
    await signIn(await context.newPage(), email);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * The suite's `test`: each role signs in through the login screen once per worker and its tests start from that
 * session. That is sound because a stored session is only reused while its access token is fresh (no test then
 * refreshes it, which would spend the refresh token under the next test), and tests that sign out or change a
 * password sign in on their own.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  office: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(officeApi(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  staffSession: [
    async ({ browser }, use, workerInfo) => {
      const sessions = new Map<StaffRole, { state: Promise<StorageState>; signedInAt: number }>();
      await use((role) => {
        let session = sessions.get(role);
        if (!session || Date.now() - session.signedInAt > SESSION_REUSE_MS) {
          session = {
            state: signedInState(browser, workerInfo.project.use.baseURL, STAFF[role]),
            signedInAt: Date.now(),
          };
          sessions.set(role, session);
        }
        return session.state;
      });
    },
    { scope: 'worker' },
  ],
  signedInAs: [undefined, { option: true }],
  storageState: async ({ signedInAs, staffSession, storageState }, use) => {
    await use(signedInAs ? await staffSession(signedInAs) : storageState);
  },
  staffPage: async ({ browser, staffSession }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role = 'admin', { isOwnSession = false } = {}) => {
      const context = await browser.newContext(isOwnSession ? {} : { storageState: await staffSession(role) });
      contexts.push(context);
      const page = await context.newPage();
      if (isOwnSession) await signIn(page, STAFF[role]);
      return page;
    });
    for (const context of contexts) await context.close();
  },
  newCustomer: async ({ office }, use) => {
    await use((customer) => createCustomer(office, customer));
  },
});
