import { expect, type Page } from '@playwright/test';
import { DEMO_LOGINS } from '../tools/demo-logins.mjs';

export const ADMIN = DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === 'admin')!;
export const SHOPPER = DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === 'customer')!;

/** The login form's e-mail path: the e-mail, Next, then the password. */
export async function signIn(page: Page, who: { email: string; password: string }, options: { keep?: boolean } = {}) {
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(who.password);
  if (options.keep === false) await page.getByLabel('Keep me signed in').uncheck();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function openShopByDepartment(page: Page) {
  await page.getByRole('button', { name: 'Shop by Department' }).click();
  await expect(page.locator('#department-menu')).toBeVisible();
}
