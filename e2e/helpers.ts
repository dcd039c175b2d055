import { expect, type Page } from '@playwright/test';
import { DEMO_LOGINS } from '../tools/demo-logins.mjs';

export const ADMIN = DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === 'admin')!;
export const SHOPPER = DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === 'customer')!;

export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function openShopByDepartment(page: Page) {
  await page.getByRole('button', { name: 'Shop by Department' }).click();
  await expect(page.locator('#department-menu')).toBeVisible();
}
