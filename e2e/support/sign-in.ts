import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

/** The demo staff sign-ins, one per role (README, demo sign-ins). */
export const STAFF = {
  admin: 'admin@example.com',
  manager: 'manager@example.com',
  representative: 'representative@example.com',
  service: 'service@example.com',
  crew: 'crew@example.com',
} as const;
export type StaffRole = keyof typeof STAFF;

/** Signs in through the login screen, as a person would, and waits for the dashboard (a crew member's day). */
export async function signIn(page: Page, email: string = STAFF.admin, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(email === STAFF.crew ? /\/crew\/today/ : /\/dashboard/);
}
