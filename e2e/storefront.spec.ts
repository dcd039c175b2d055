import { expect, test } from '@playwright/test';
import { ADMIN, openShopByDepartment, chooseStore, outboxMessage, sessionToken, signIn, SHOPPER } from './helpers';

test.describe('storefront of the demo hardware store', () => {
  test('home page shows the business name, theme, navigation and departments from the API', async ({ page }) => {
    await page.goto('/');
    const brand = page.getByRole('link', { name: 'Riverside Hardware Co-op' });
    await expect(brand).toBeVisible();
    await expect(page).toHaveTitle('Riverside Hardware Co-op');
    // Colours and font come from the tenant's settings through the styled-components theme.
    await expect(brand).toHaveCSS('color', 'rgb(200, 16, 46)');
    await expect(page.locator('body')).toHaveCSS('font-family', /Trebuchet MS/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Departments', 'Lawn & Garden']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

    const departments = await (await page.request.get('/api/full-departments?depth=1')).json();
    await openShopByDepartment(page);
    const menu = page.locator('#department-menu');
    const list = menu.getByRole('list', { name: 'Top departments' });
    for (const dept of departments.data) await expect(list.getByRole('link', { name: dept.name, exact: true })).toBeVisible();
    await menu.getByLabel('Find a department').fill('garden');
    await expect(list.getByRole('link')).toHaveText(['Lawn & Garden']);
  });

  test('a department lists its products and a product opens at /p/{slug} for the selected store', async ({ page }) => {
    await page.goto('/');
    await openShopByDepartment(page);
    await page.locator('#department-menu').getByRole('link', { name: 'Tools', exact: true }).click();
    await expect(page).toHaveURL(/\/d\/tools-1$/);
    await expect(page.getByRole('heading', { name: 'Tools', level: 1 })).toBeVisible();
    // A product with a shown price (some demo products hide theirs: 'Please contact us for price').
    const tile = page.getByTestId('product-tile').filter({ has: page.getByTestId('price').filter({ hasText: /^\$\d+\.\d{2}$/ }) }).first();
    await expect(tile).toBeVisible();

    const title = await tile.getByRole('link').last().innerText();
    await tile.getByRole('link').last().click();
    await expect(page).toHaveURL(/\/p\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const detail = page.getByTestId('product-detail');
    await expect(detail.getByTestId('price')).toHaveText(/^\$\d+\.\d{2}$/);
    await expect(detail.getByTestId('stock-label')).toHaveText(/In Stock|Only \d+ Left|Out of Stock|Special Order/);

    // Another location prices the same product differently (the seed adds 50 cents per location).
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const priceAt = async (store: number) => (await (await page.request.get(`/api/products/product?param=${slug}&field=slug`, { headers: { 'Store-Id': String(store) } })).json()).data;
    const [first, third] = [await priceAt(1), await priceAt(3)];
    await chooseStore(page, 'Millbrook');
    const expected = third.promo_price ?? third.price;
    await expect(detail.getByTestId('price')).toHaveText(`$${expected}`);
    expect(expected).not.toBe(first.promo_price ?? first.price);
  });

  test('a product without an image shows the default image', async ({ page }) => {
    const list = await (await page.request.get('/api/products?dept_id=1&limit=50')).json();
    const noImage = list.products.data.find((p: { image_url: string | null }) => p.image_url === null);
    expect(noImage).toBeTruthy();
    await page.goto(`/p/${noImage.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(noImage.title);
    const img = page.locator('main img').first();
    await expect(img).toHaveAttribute('src', '/assets/no-image.svg');
    // It loads (an image still in flight is not complete yet, so wait for it).
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });

  test('unknown paths go home and an unknown product says so', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/p/not-a-real-product');
    await expect(page.getByText('Product not found')).toBeVisible();
  });
});

test.describe('tenants by host', () => {
  test('demo-paint has its own name and colours; the hardware store is not shown there', async ({ page }) => {
    await page.goto('http://demo-paint.localhost:4300/');
    const brand = page.getByRole('link', { name: 'Harbor Paint & Color' });
    await expect(brand).toBeVisible();
    await expect(brand).toHaveCSS('color', 'rgb(42, 111, 151)');
    await expect(page.locator('body')).toHaveCSS('font-family', /Georgia/);
    await expect(page.getByText('Riverside Hardware Co-op')).toHaveCount(0);
    // One location: selected automatically, no picker.
    await expect(page.getByLabel('Your store')).toHaveText('Harbor Paint Downtown');
    await expect(page.getByRole('button', { name: /^Your store: / })).toHaveCount(0);
  });

  test('?storeid= picks the store directly, kept in the selectedStore cookie for a year', async ({ page, context }) => {
    await page.goto('/?storeid=3');
    await expect(page.getByRole('button', { name: /^Your store: Millbrook/ })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'selectedStore');
    expect(cookie?.value).toBe('3');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86400_000);
  });

  test('demo-hardware answers on its sub-domain too', async ({ page }) => {
    await page.goto('http://demo-hardware.localhost:4300/');
    await expect(page.getByRole('link', { name: 'Riverside Hardware Co-op' })).toBeVisible();
    await page.getByRole('button', { name: /^Your store: / }).click();
    await expect(page.getByRole('dialog', { name: 'Choose your store' }).getByRole('listitem')).toHaveCount(3);
  });

  test('an unknown store gets a clear 404, not another store', async ({ page }) => {
    const response = await page.goto('http://no-such-store.localhost:4300/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Store not found' })).toBeVisible();
    // The browser resolves *.localhost to loopback; ask the API from the page itself.
    const api = await page.evaluate(async () => { const r = await fetch('/api/settings'); return { status: r.status, body: await r.json() }; });
    expect(api).toEqual({ status: 404, body: { status: 404, message: 'Store not found' } });
  });
});

test.describe('first visit: which store?', () => {
  // A first visit: cookie notice accepted and the day's promo pop-up seen, the store question not answered yet.
  const firstVisit = { cookies: [{ name: 'poweredby', value: '1', domain: 'localhost', path: '/', expires: Math.floor(Date.now() / 1000) + 86400, httpOnly: false, secure: false, sameSite: 'Lax' as const }],
    origins: [{ origin: 'http://localhost:4300', localStorage: [{ name: 'promoPopup', value: JSON.stringify({ slug: null, expires: Date.now() + 86400_000 }) }] }] };
  test.use({ storageState: firstVisit });

  test('asks which store; a ZIP code finds the nearest; the choice is kept across visits and changed from the header', async ({ page }) => {
    await page.goto('/');
    const question = page.getByRole('dialog', { name: 'Choose your store' });
    await expect(question).toBeVisible();
    // A modal: Tab never reaches the page behind it (past its last control, focus leaves for the browser's own and comes back).
    for (let i = 0; i < 16; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement === document.body || Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await question.getByLabel('ZIP code').fill('97325');
    await question.getByRole('button', { name: 'Find nearest' }).click();
    await expect(question.getByText('Nearest to ZIP 97325: Millbrook.')).toBeVisible();
    await question.getByRole('button', { name: 'Select Location' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: /^Your store: Millbrook/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Your store: Millbrook/ })).toBeVisible();
    await expect(question).toHaveCount(0);
    await chooseStore(page, 'Riverside Eastgate');
    await expect(page.getByRole('button', { name: /^Your store: Riverside Eastgate/ })).toBeVisible();
  });

  test.describe('with the location allowed before', () => {
    test.use({ geolocation: { latitude: 44.93, longitude: -122.98 }, permissions: ['geolocation'] });
    test('the nearest store is picked at once; Escape keeps the store shown', async ({ page }) => {
      await page.goto('/');
      const question = page.getByRole('dialog', { name: 'Choose your store' });
      await expect(question.getByText('Nearest to you: Riverside Eastgate.')).toBeVisible();
      await expect(question.getByRole('button', { name: /Nearest\s*Riverside Eastgate/ })).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
      await expect(question).toBeHidden();
      await expect(page.getByRole('button', { name: /^Your store: Riverside Main Street/ })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: /^Your store: / })).toBeVisible();
      await expect(question).toHaveCount(0);
    });
  });
});

test.describe('start-up', () => {
  test('the first paint waits on no settings request: the start-up bundle comes in the page', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => { const url = new URL(request.url()); if (url.pathname.startsWith('/api/')) calls.push(url.pathname); });
    await page.goto('/');
    await expect(page.getByRole('contentinfo', { name: 'Footer' })).toContainText('Our Locations');
    await page.waitForLoadState('networkidle');
    expect(calls).not.toContain('/api/startup');
    for (const separate of ['/api/settings', '/api/custom-navigation', '/api/business-details2', '/api/custom-footer', '/api/business-terms', '/api/custom-pages']) {
      expect(calls, separate).not.toContain(separate);
    }
    // After signing out the page starts again without a new page load: then it asks for the bundle.
    await page.goto('/login');
    await signIn(page, SHOPPER);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/startup');
    await page.getByRole('button', { name: 'Log out' }).click();
    await asked;
    await expect(page.getByRole('contentinfo', { name: 'Footer' })).toContainText('Our Locations');
  });

  test('a first visit asks for the home page once, already for the preselected first store, shows the first screen without a loading state, and nothing on screen moves', async ({ page }) => {
    const storeIds: (string | undefined)[] = [];
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/popular-products') storeIds.push(request.headers()['store-id']);
      if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname.slice(5)}${request.method() === 'POST' ? ` ${request.postData()}` : ''}`);
    });
    await page.addInitScript(() => {
      // A copy of the first-screen answers the page carries (the shell uses each once, then drops it).
      let carried: unknown;
      Object.defineProperty(window, '__PRELOADED__', {
        configurable: true,
        get: () => carried,
        set: (value) => { carried = value; (window as unknown as { carriedKeys: string[] }).carriedKeys = Object.keys((value as { answers: object }).answers); },
      });
      // The page carries the start-up bundle and the first screen's answers, so no render shows a loading state.
      (window as unknown as { sawLoading: boolean }).sawLoading = false;
      new MutationObserver(() => {
        if (document.getElementById('root')?.textContent?.includes('Loading store')) (window as unknown as { sawLoading: boolean }).sawLoading = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Coupons & Highlights' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(storeIds).toEqual(['1']);
    expect(await page.evaluate(() => localStorage.getItem('selectedStore'))).toBe('1');
    // The first screen's sections, product rows, coupons and departments came in the page: none was asked for.
    const carried = await page.evaluate(() => (window as unknown as { carriedKeys: string[] }).carriedKeys);
    expect(carried).toEqual(expect.arrayContaining(['GET homepage-widgets', 'GET coupon-widgets', 'GET full-departments?depth=3']));
    expect(carried.filter((key) => key.startsWith('POST widget/getProducts')).length).toBeGreaterThan(0);
    for (const key of carried) expect(asked, key).not.toContain(key);
    await expect(page.getByTestId(/^widget-/).first().getByRole('link').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading)).toBe(false);
    // Sections come in together under the header, so the first screen does not jump (CLS well under 0.1).
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.05);
  });
});

test.describe('footer and content pages', () => {
  test("the footer's columns lead to a custom page, the terms and the store information with merged hours", async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo', { name: 'Footer' });
    await expect(footer.getByRole('heading', { name: 'Your neighborhood hardware store' })).toBeVisible();
    await footer.getByRole('link', { name: 'Rental policy' }).click();
    await expect(page).toHaveURL(/\/rental-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rental policy');
    await expect(page.getByText('Bring a photo ID')).toBeVisible();

    await footer.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use');
    await expect(page.getByText('are held at the store for 7 days')).toBeVisible();
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByText('Riverside Hardware Co-op collects the details you give')).toBeVisible();

    await footer.getByRole('link', { name: 'Our Locations' }).click();
    await expect(page).toHaveURL(/\/store-info$/);
    const millbrook = page.getByRole('region', { name: 'Millbrook' });
    await expect(millbrook).toContainText('mon - thu7am - 7pm');
    await expect(millbrook).toContainText('fri7am - 8pm');
  });

  test('a custom page and /about-us open directly; the single-store paint shop says Store Information', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Careers');
    await page.goto('/about-us');
    await expect(page).toHaveURL(/\/store-info$/);
    // The store's story (about-us) above its locations and ways to reach it (business-about-us).
    const story = page.getByRole('region', { name: 'Our story' });
    await expect(story).toContainText('A member-owned hardware co-op since 1952');
    await expect(page.getByText('E-mail us at hello@demo-hardware.test.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Facebook' }).last()).toHaveAttribute('href', 'https://www.facebook.com/demo-hardware');
    // The page's description for link previews (store-information).
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Riverside Hardware Co-op: shop online, pick up in store.');
    // The home page's announcement line (home-banner) leads to the hours.
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Announcement' });
    await expect(banner).toContainText('Spring hours: open until 8pm on weekdays.');
    await banner.getByRole('link', { name: 'See our hours' }).click();
    await expect(page).toHaveURL(/\/store-info$/);
    await page.goto('http://demo-paint.localhost:4300/paint-care-guide');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paint care guide');
    await expect(page.getByRole('contentinfo', { name: 'Footer' }).getByRole('link', { name: 'Store Information' })).toBeVisible();
  });
});

test.describe('footer newsletter', () => {
  test('signs up with consent, confirms by e-mail; its link unsubscribes; the admin sees both states', async ({ page }) => {
    const email = `news-${Date.now()}@shopper.test`;
    await page.goto('/');
    const signUp = page.getByRole('region', { name: 'Sign up for our newsletter' });
    await signUp.getByRole('button', { name: 'Subscribe' }).click();
    await expect(signUp.getByRole('alert').first()).toHaveText('Please enter a valid email address.');
    await expect(signUp.getByLabel('Newsletter email address')).toBeFocused();
    await signUp.getByLabel('Newsletter email address').fill(email);
    await signUp.getByRole('checkbox', { name: /I agree to receive offers and news from Riverside Hardware Co-op by email/ }).check();
    const at = new Date();
    await signUp.getByRole('button', { name: 'Subscribe' }).click();
    await expect(signUp.getByRole('status')).toHaveText(`Thanks for signing up! We sent a confirmation to ${email}.`);

    const headers = { 'business-slug': 'demo-hardware', authorization: `Bearer ${await sessionToken(ADMIN)}` };
    const listed = async () => (await (await page.request.get(`/api/subscribers?search=${encodeURIComponent(email)}`, { headers })).json()).data;
    expect(await listed()).toEqual([expect.objectContaining({ email, source: 'newsletter', receive_marketing: true, unsubscribed_at: null })]);

    const mail = await outboxMessage(email, at);
    const link = new URL(mail.match(/Unsubscribe here: (\S+)/)![1]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('You will no longer receive marketing e-mails from Riverside Hardware Co-op.')).toBeVisible();
    expect(await listed()).toEqual([expect.objectContaining({ email, receive_marketing: false, unsubscribed_at: expect.any(String) })]);
  });
});

test.describe('header navigation from the store settings', () => {
  test('a dropdown opens on hover and leads to a custom page; per-store links; a store menu; Contact Us on the right', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByRole('button', { name: 'Services' });
    await services.hover();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    // Store 1 (Main Street) is selected by default: its own telephone link only.
    await expect(nav.getByRole('link', { name: 'Call Main Street' })).toHaveAttribute('href', 'tel:5035550120');
    await expect(nav.getByRole('link', { name: 'Call Eastgate' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Tool Rental Policy' }).click();
    await expect(page).toHaveURL(/\/rental-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rental policy');

    // A menu the store added, whose link opens the Careers page at a path of its own.
    await nav.getByRole('button', { name: 'Pro Desk' }).click();
    await nav.getByRole('link', { name: 'Work With Us' }).click();
    await expect(page).toHaveURL(/\/work-with-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Careers');
    await page.keyboard.press('Escape');

    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByRole('link', { name: 'hello@demo-hardware.test' })).toBeVisible();

    // At Millbrook (store 3) the Pro Desk menu and both store lines are hidden.
    await chooseStore(page, 'Millbrook');
    await expect(nav.getByRole('button', { name: 'Pro Desk' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Services' }).click();
    await expect(nav.getByRole('link', { name: /^Call / })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Promotions' })).toBeVisible();
  });
});

test.describe('cookie notice', () => {
  // No cookie yet; the promo pop-up counted as seen and the store question answered, so only the notice is on the page.
  test.use({ storageState: { cookies: [], origins: [{ origin: 'http://localhost:4300', localStorage: [{ name: 'promoPopup', value: JSON.stringify({ slug: null, expires: Date.now() + 86400_000 }) }, { name: 'showLocationPopup', value: '0' }] }] } });

  test('shows on a first visit; Accept hides it and sets the poweredby cookie for 180 days', async ({ page, context }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'poweredby');
    expect(Math.round((cookie!.expires * 1000 - Date.now()) / 86400_000)).toBe(180);
    await page.reload();
    await expect(page.getByRole('contentinfo', { name: 'Footer' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('rewards (cooperative variant)', () => {
  test('a member checks points by phone; a new shopper joins; the paint shop has no rewards page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Rewards' }).click();
    await expect(page).toHaveURL(/\/rewards$/);
    const lookup = page.getByRole('region', { name: 'Check your rewards' });
    await lookup.getByLabel('Phone number').fill('(503) 555-0100');
    await lookup.getByRole('button', { name: 'Look Up' }).click();
    await expect(lookup.getByRole('alert')).toHaveText('We could not find a rewards membership for that phone number.');
    await lookup.getByLabel('Phone number').fill('(503) 555-0142');
    await lookup.getByRole('button', { name: 'Look Up' }).click();
    await expect(lookup.getByRole('status')).toHaveText('Sam, you have 1,250 points (member ••••••1042).');

    const join = page.getByRole('region', { name: 'Join Rewards' });
    await join.getByRole('button', { name: 'Join Rewards' }).click();
    await expect(join.getByText('Please enter a 5-digit ZIP code.')).toBeVisible();
    await expect(join.getByLabel('First name')).toBeFocused();
    const phone = `503${String(Date.now()).slice(-7)}`;
    await join.getByLabel('First name').fill('Nora');
    await join.getByLabel('Last name').fill('Lee');
    await join.getByLabel('E-mail').fill(`nora.${phone}@example.test`);
    await join.getByLabel('Phone').fill(phone);
    await join.getByLabel('ZIP code').fill('97301');
    await join.getByRole('button', { name: 'Join Rewards' }).click();
    await expect(join.getByRole('status')).toHaveText(/^Welcome to Rewards, Nora! Your member number is 48\d{8}\.$/);

    await page.goto('http://demo-paint.localhost:4300/rewards');
    await expect(page).toHaveURL('http://demo-paint.localhost:4300/');
  });
});
