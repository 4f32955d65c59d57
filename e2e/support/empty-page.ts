import type { Page } from '@playwright/test';

/**
 * Answers the list endpoint at `path` with an empty page, as a fresh install would, while the rest
 * of the app keeps its demo data. The real answer is fetched and emptied, so its shape stays true.
 */
export async function answerWithEmptyPage(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, data: [], total: 0, lastPage: 1 } });
    },
  );
}
