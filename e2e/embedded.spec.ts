import { expect, test } from '@playwright/test';

test.describe('embedding the storefront', () => {
  test('the embeddable product list is bare, and framed by another page it routes by hash and opens products in the whole window', async ({ page }) => {
    await page.goto('/all-products-iframe/3');
    await expect(page.getByRole('heading', { name: 'New in store' })).toBeVisible();
    await expect(page.getByTestId('embedded-products').getByRole('listitem')).not.toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.setContent('<h1>Our partner site</h1><iframe title="Riverside picks" src="http://localhost:4300/all-products-iframe/3?iframe=1" width="900" height="700"></iframe>');
    const frame = page.frameLocator('iframe[title="Riverside picks"]');
    const first = frame.getByTestId('embedded-products').getByRole('link').first();
    await expect(first).toHaveAttribute('target', '_top');
    await expect(first).toHaveAttribute('href', /^http:\/\/localhost:4300\/p\//);
    const framed = page.mainFrame().childFrames()[0];
    expect(await framed.evaluate(() => `${window.location.pathname}${window.location.hash}`)).toBe('/#/all-products-iframe/3?iframe=1');

    await page.goto('/all-products-iframe/2');
    await expect(page.getByText('This product list was not found.')).toBeVisible();
  });

  test('framed, the store uses hash addresses and a storefront link loads its page anew in the frame; outside a frame it keeps paths', async ({ page }) => {
    // Outside a frame: history mode, links are paths.
    await page.goto('/departments');
    await expect(page.getByRole('main').getByRole('link').first()).toHaveAttribute('href', /^\/d\//);
    expect(new URL(page.url()).hash).toBe('');
    const outside = page.url();

    await page.setContent('<h1>Our partner site</h1><iframe title="Our store" src="http://localhost:4300/departments" width="1100" height="800"></iframe>');
    const frame = page.frameLocator('iframe[title="Our store"]');
    const link = frame.getByRole('main').getByRole('link').first();
    await expect(link).toHaveAttribute('href', /^#\/d\//);
    const framed = page.mainFrame().childFrames()[0];
    // While the frame loads its next page there is no page to ask (the evaluation fails): ask again.
    const address = () => framed.evaluate(() => `${window.location.pathname}${window.location.hash}`).catch(() => null);
    expect(await address()).toBe('/#/departments');

    const href = await link.getAttribute('href');
    await framed.evaluate(() => { (window as { samePage?: boolean }).samePage = true; });
    await link.click();
    await expect.poll(address).toBe(`/${href}`);
    // A new page in the frame, not a move inside the old one; the page around it keeps its address.
    await expect.poll(() => framed.evaluate(() => (window as { samePage?: boolean }).samePage ?? false).catch(() => null)).toBe(false);
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
    expect(page.url()).toBe(outside);
    await expect(page.getByRole('heading', { name: 'Our partner site' })).toBeVisible();
  });

  test('?iframe gives any page the blank layout: no header, footer, cookie notice or pop-up', async ({ page }) => {
    await page.goto('/departments?iframe=1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveCount(0);
  });
});
