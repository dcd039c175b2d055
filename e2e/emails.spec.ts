import { expect, test } from '@playwright/test';
import { ADMIN, outboxMessage, sessionToken } from './helpers';

const HARDWARE = 'http://localhost:4300';

test.describe('e-mails to customers (admin › Emails)', () => {
  test('the owner opens Emails from an access-token link, writes, tests and sends an e-mail; a customer unsubscribes with their link', async ({ page, browser }) => {
    const stamp = Date.now();
    const reader = `reader-${stamp}@shopper.test`;
    const signup = await page.request.post(`${HARDWARE}/api/signup`, { data: {
      first_name: 'Robin', last_name: 'Reader', telephone: `503${String(stamp).slice(-7)}`, email: reader, password: 'Reader-Pass-1', c_password: 'Reader-Pass-1', receive_marketing: true,
    } });
    expect(signup.status(), await signup.text()).toBe(200);
    const token = await sessionToken(ADMIN);
    const audience = (await (await page.request.get(`${HARDWARE}/api/admin/email-campaigns`, { headers: { authorization: `Bearer ${token}` } })).json()).audience as number;
    expect(audience).toBeGreaterThan(0);
    const customers = `${audience.toLocaleString('en-US')} ${audience === 1 ? 'customer' : 'customers'}`;

    await page.goto(`${HARDWARE}/admin/emails?access-token=${token}`);
    await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
    await expect(page).toHaveURL(`${HARDWARE}/admin/emails`); // the token is gone from the address
    await expect(page.getByText(`${customers} agreed to receive marketing e-mails from your store.`)).toBeVisible();
    await page.getByRole('link', { name: 'New e-mail' }).click();
    await expect(page.getByRole('heading', { name: 'New e-mail' })).toBeVisible();
    const form = page.getByRole('form', { name: 'E-mail' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText('Please write a subject.')).toBeVisible();
    await expect(form.getByText('Please write your message.')).toBeVisible();
    await expect(form.getByLabel('Subject')).toBeFocused();
    const subject = `Spring sale ${stamp}`;
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Mulch and potting soil are 20% off this week.\n\nSee you at the store!');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Your e-mail has been saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/emails\/edit\/[0-9a-f]{24}$/);
    const editUrl = page.url();

    // A test goes to the owner's own address unless another is typed; unsaved words are saved first.
    const testTo = page.getByLabel('Send a test to');
    await expect(testTo).toHaveValue(ADMIN.email);
    await form.getByLabel('Message').fill('Mulch and potting soil are 20% off this week.\n\nSee you at the store!\nhttps://demo-hardware.test/d/garden');
    await testTo.fill(`test-${stamp}@owner.test`);
    const testedAt = new Date();
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText(`A test was sent to test-${stamp}@owner.test.`)).toBeVisible();
    expect(await outboxMessage(`test-${stamp}@owner.test`, testedAt)).toContain('See you at the store!\nhttps://demo-hardware.test/d/garden');

    const sentAt = new Date();
    await page.getByRole('button', { name: `Send to ${customers}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this e-mail?' });
    await expect(confirm).toContainText(`‘${subject}’ goes to ${customers} now.`);
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText(`Your e-mail is on its way to ${customers}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await expect(page.getByText(new RegExp(`^Sent to ${customers} on `))).toBeVisible({ timeout: 15_000 });

    // The customer's e-mail carries a link of their own; following it unsubscribes them.
    const mail = await outboxMessage(reader, sentAt);
    expect(mail).toContain('Mulch and potting soil are 20% off this week.');
    const link = new URL(mail.match(/unsubscribe here: (\S+)/)![1]);
    await page.goto(`${HARDWARE}${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Marketing E-mails' })).toBeVisible();
    await expect(page.getByText('You will no longer receive marketing e-mails from Riverside Hardware Co-op.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();

    // The list shows it sent, and one customer fewer to write to.
    await page.goto(`${HARDWARE}/admin/emails`);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('Sent');
    await expect(row).toContainText(customers);
    const fewer = audience - 1;
    await expect(page.getByText(fewer > 0 ? `${fewer.toLocaleString('en-US')} ${fewer === 1 ? 'customer' : 'customers'} agreed to receive marketing e-mails from your store.` : 'No customers have agreed to receive marketing e-mails yet.', { exact: false })).toBeVisible();

    // An access-token link opens one e-mail in a browser that was never signed in.
    const fresh = await browser.newContext();
    try {
      const other = await fresh.newPage();
      await other.goto(`${editUrl}?access-token=${await sessionToken(ADMIN)}`);
      await expect(other.getByRole('heading', { name: subject })).toBeVisible();
      await expect(other).toHaveURL(editUrl);
      await expect(other.getByText('See you at the store!')).toBeVisible();
    } finally {
      await fresh.close();
    }
  });

  test('a test to a bad address is refused before saving; a draft can be deleted after a question; nothing is sent', async ({ page }) => {
    const token = await sessionToken(ADMIN);
    await page.goto(`${HARDWARE}/admin/emails?access-token=${token}`);
    await page.getByRole('link', { name: 'New e-mail' }).click();
    const form = page.getByRole('form', { name: 'E-mail' });
    const subject = `Workshop ${Date.now()}`;
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Deck staining workshop on Saturday.');
    // A test to a bad address is refused before anything is saved.
    await page.getByLabel('Send a test to').fill('nope');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Send a test to')).toBeFocused();
    await expect(page).toHaveURL(`${HARDWARE}/admin/emails/new`);
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/admin\/emails\/edit\//);
    await form.getByRole('button', { name: 'Delete draft' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this draft?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await form.getByRole('button', { name: 'Delete draft' }).click();
    await ask.getByRole('button', { name: 'Delete draft' }).click();
    await expect(page.getByText('The draft has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(`${HARDWARE}/admin/emails`);
    await expect(page.getByRole('link', { name: subject })).toHaveCount(0);
  });
});
