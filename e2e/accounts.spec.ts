import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { logOut, outboxMessage, SHOPPER, signIn } from './helpers';

const PASSWORD = 'Journey-Pass-1';
let serial = 0;
/** A fresh customer, registered through the API (each journey has its own, so rate limits and state never mix). */
async function newCustomer(page: Page) {
  serial += 1;
  const email = `journey${Date.now()}${serial}@example.test`;
  const telephone = `541${String(Date.now()).slice(-6)}${serial % 10}`;
  const res = await page.request.post('/api/signup', { data: { first_name: 'Jo', last_name: 'Journey', telephone, email, password: PASSWORD, c_password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { email, password: PASSWORD, telephone };
}

/** A fresh customer, signed in through the form, on My Account. */
async function inMyAccount(page: Page) {
  const who = await newCustomer(page);
  await page.goto('/login');
  await signIn(page, who);
  await page.getByRole('link', { name: 'My Account' }).click();
  return who;
}

test.describe('sign in', () => {
  test('by phone: the 4-digit code texted to the number (read from the outbox) signs in', async ({ page }) => {
    await page.goto('/login');
    const sentAt = new Date();
    // Typed with the country code, key by key: the +1 is dropped once the number is whole.
    await page.getByLabel('Mobile number').pressSequentially('+1 503 555 0142');
    await expect(page.getByLabel('Mobile number')).toHaveValue('(503) 555-0142');
    await expect(page.getByLabel('E-mail')).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('status')).toHaveText('We sent a 4-digit code to (503) 555-0142.');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your verification code.');
    const code = /\b(\d{4})\b/.exec(await outboxMessage('5035550142', sentAt))![1];
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  });

  test('an unknown e-mail goes to registration with it filled in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('nobody-here@example.test');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('nobody-here@example.test');
  });

  test('by a one-time link e-mailed to the shopper, once', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(SHOPPER.email);
    await page.getByRole('button', { name: 'Next' }).click();
    const sentAt = new Date();
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('status')).toHaveText(`One-time login link sent to ${SHOPPER.email} . Please close this tab and check your inbox!`);
    const link = new URL(/(http\S+)/.exec(await outboxMessage(SHOPPER.email, sentAt))![1]);
    expect(link.pathname).toBe('/magic-link-redirect');
    // Cut short by a mail client: said so, and the whole link still works after.
    await page.goto(`${link.pathname}?email=${encodeURIComponent(SHOPPER.email)}`);
    await expect(page.getByText('This sign-in link is incomplete. Please open the whole link from the e-mail, or ask for a new one.')).toBeVisible();
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
    await logOut(page);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('This sign-in link is not valid any more. Please ask for a new one.')).toBeVisible();
  });

  test("'Keep me signed in' keeps the session in a new browser; without it, it ends with the tab", async ({ page, browser }) => {
    const who = await newCustomer(page);
    for (const keep of [true, false]) {
      await page.goto('/login');
      await signIn(page, who, { keep });
      await expect(page).toHaveURL(/\/cart$/);
      const later = await browser.newContext({ storageState: await page.context().storageState(), baseURL: 'http://localhost:4300' });
      const again = await later.newPage();
      await again.goto('/');
      await expect(again.getByRole('link', { name: keep ? 'My Account' : 'Sign In' })).toBeVisible();
      await later.close();
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    }
  });
});

test.describe('registration', () => {
  test("with the store's custom fields; a duplicate e-mail offers Login; then the new account signs in", async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name').fill('Builder');
    // The phone and the e-mail are checked on leaving each field: both belong to the demo shopper.
    await form.getByLabel('Mobile number').fill('5035550142');
    await form.getByLabel('E-mail', { exact: true }).fill(SHOPPER.email);
    const phoneTaken = form.getByRole('alert').filter({ hasText: 'The phone number you entered is already associated with another account. Please Login to your existing account.' });
    await expect(phoneTaken.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await form.getByLabel('Mobile number').fill(`971${String(Date.now()).slice(-7)}`);
    await expect(phoneTaken).toHaveCount(0); // cleared on change
    await form.getByLabel('Password', { exact: true }).fill('Password2026');
    const duplicate = form.getByRole('alert').filter({ hasText: 'The email address you entered is already associated with another account. Please Login to your existing account.' });
    await expect(duplicate.getByRole('link', { name: 'Login' })).toBeVisible();
    await form.getByLabel('Confirm password').fill('Robin-Pass-2');
    await form.getByLabel('Company Name (optional)').fill('Robin Builds LLC');
    await form.getByLabel('Trade (optional)').selectOption('contractor');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText("Password doesn't match")).toBeVisible();
    await expect(form.getByText('This password is too easy to guess. Please choose a less common one.')).toBeVisible();
    await expect(duplicate).toBeVisible();
    // The first field with a problem takes the focus.
    await expect(form.getByLabel('E-mail', { exact: true })).toBeFocused();
    await form.getByLabel('Password', { exact: true }).fill('Robin-Pass-1');
    await form.getByLabel('Confirm password').fill('Robin-Pass-1');
    // Sent without leaving the e-mail field (Enter): the server's duplicate answer reads the same.
    await form.getByLabel('E-mail', { exact: true }).fill('');
    await expect(duplicate).toHaveCount(0);
    await form.getByLabel('E-mail', { exact: true }).fill(SHOPPER.email);
    await form.getByLabel('E-mail', { exact: true }).press('Enter');
    await expect(duplicate.getByRole('link', { name: 'Login' })).toBeVisible();
    const email = `robin${Date.now()}@example.test`;
    await form.getByLabel('E-mail', { exact: true }).fill(email);
    await expect(duplicate).toHaveCount(0); // cleared on change
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Successfully registered! Please login.')).toBeVisible();
    await expect(page.getByText('Thank you for registering!')).toBeVisible();
    await page.goto('/login');
    await signIn(page, { email, password: 'Robin-Pass-1' });
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('password reset: only from sign-in; the e-mailed code sets a new password', async ({ page }) => {
    const who = await newCustomer(page);
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByRole('button', { name: 'Next' }).click();
    // Forgot password? sends the code to the address just found, says so, and opens the page that takes it.
    const sentAt = new Date();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByText(`Password reset code sent to ${who.email}. Check your inbox!`).first()).toBeVisible();
    await outboxMessage(who.email, sentAt);
    // A code that did not come is sent again; only the newest works.
    const resentAt = new Date();
    await page.getByRole('button', { name: 'Send a new code' }).click();
    const code = /\b(\d{6})\b/.exec(await outboxMessage(who.email, resentAt))![1];
    await page.getByLabel('Reset code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('Fresh-Pass-22');
    await page.getByLabel('Confirm new password').fill('Fresh-Pass-22');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();
    await signIn(page, { email: who.email, password: 'Fresh-Pass-22' });
    await expect(page).toHaveURL(/\/cart$/);
  });
});

test.describe('two-step sign-in', () => {
  test('set up in My Account with an authenticator code; then sign-in asks for it, and a backup code works once', async ({ page }) => {
    const who = await inMyAccount(page);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    // The password again first: a signed-in computer left alone is not enough.
    const confirm = section.getByRole('form', { name: 'Confirm your password' });
    await confirm.getByLabel('Password').fill('not-my-password');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('The password is not correct.');
    await expect(confirm.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await confirm.getByLabel('Password').fill(who.password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const secret = (await section.getByTestId('mfa-secret').textContent())!;
    const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await section.getByLabel('Code from the app').fill(app.generate());
    await section.getByRole('button', { name: 'Turn on' }).click();
    const backupList = section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(backupList).toHaveCount(10);
    const codes = await backupList.allTextContents();
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section).toContainText('Two-step sign-in is on. 10 backup codes left.');
    await logOut(page);

    await page.goto('/login');
    await signIn(page, who);
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Your 2FA code is invalid. Please try again.');
    // The next 30-second step's code (the set-up used this step's).
    await page.getByLabel('Authenticator code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await logOut(page);

    await page.goto('/login');
    await signIn(page, who);
    await page.getByRole('button', { name: "Can't sign in?" }).click();
    await page.getByLabel('Backup code').fill('nope-nope');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('note')).toContainText('Still can\'t sign in? Contact the store at hello@demo-hardware.test');
    await page.getByLabel('Backup code').fill(codes[0]);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);

    // Turned off again, with the password; the next sign-in asks for no code.
    await page.getByRole('link', { name: 'My Account' }).click();
    await section.getByRole('button', { name: 'Turn off' }).click();
    await confirm.getByLabel('Password').fill(who.password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(section.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
    await logOut(page);
    await page.goto('/login');
    await signIn(page, who);
    await expect(page).toHaveURL(/\/cart$/);
  });
});

test.describe('saved cards', () => {
  test('the account lists a card saved with the payment provider, and removes it after asking', async ({ page }) => {
    const who = await newCustomer(page);
    const token = (await (await page.request.post('/api/login', { data: { email: who.email, password: who.password } })).json()).access_token;
    const saved = await page.request.post('/api/customer-cards/add', { data: { newSource: 'tok_visa' }, headers: { authorization: `Bearer ${token}` } });
    expect(saved.status()).toBe(200);
    await page.goto('/login');
    await signIn(page, who);
    await page.getByRole('link', { name: 'My Account' }).click();
    const cards = page.getByRole('region', { name: 'Saved cards' });
    await expect(cards).toContainText(/Visa ending in 4242, expires \d\d\/\d\d/); // as the provider's vault (Stripe) answers it
    page.once('dialog', (dialog) => void dialog.accept());
    await cards.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
    await expect(cards).toContainText('No saved cards.');
  });
});

test.describe('My Account', () => {
  test('lists where the account is signed in, by browser; signs out on one chosen device, then on all the others, keeping this one', async ({ page, browser }) => {
    const who = await newCustomer(page);
    const signedInElsewhere = async (userAgent: string) => {
      const context = await browser.newContext({ baseURL: 'http://localhost:4300', userAgent });
      const elsewhere = await context.newPage();
      await elsewhere.goto('/login');
      await signIn(elsewhere, who);
      await expect(elsewhere.getByRole('link', { name: 'My Account' })).toBeVisible();
      return elsewhere;
    };
    const laptop = await signedInElsewhere('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0');
    const phone = await signedInElsewhere('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1');

    await page.goto('/login');
    await signIn(page, who);
    await page.getByRole('link', { name: 'My Account' }).click();
    const section = page.getByRole('region', { name: "Where you're signed in" });
    const devices = section.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(3);
    await expect(devices.first()).toContainText('Chrome on Windows'); // Playwright's desktop Chrome
    await expect(devices.first()).toContainText('This device');
    await expect(devices.first().getByRole('button')).toHaveCount(0); // this one ends with Log out

    await section.getByRole('button', { name: 'Sign out on Safari on iPhone, active now' }).click();
    await expect(section.getByRole('status')).toHaveText('Signed out on Safari on iPhone.');
    await expect(devices).toHaveCount(2);
    await phone.goto('/account');
    await expect(phone).toHaveURL(/\/login$/);
    await laptop.goto('/account');
    await expect(laptop.getByRole('heading', { name: 'My Account' })).toBeVisible();

    await section.getByRole('button', { name: 'Sign out on other devices' }).click();
    await expect(section.getByRole('status')).toHaveText('Signed out on 1 other device.');
    await expect(section.getByText('You are not signed in anywhere else.')).toBeVisible();
    await laptop.goto('/account');
    await expect(laptop).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await laptop.context().close();
    await phone.context().close();
  });

  test('a shopper deletes their account with the password; they are signed out, and the e-mail is unknown after', async ({ page }) => {
    const who = await inMyAccount(page);
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const prompt = section.getByRole('form', { name: 'Delete account' });
    await prompt.getByLabel('Password').fill('not-my-password');
    await prompt.getByRole('button', { name: 'Delete my account' }).click();
    await expect(prompt.getByRole('alert')).toHaveText('The password is not correct.');
    await prompt.getByLabel('Password').fill(who.password);
    await prompt.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/:4300\/$/);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/register$/); // no account with that e-mail any more
  });

  test('a new mobile number takes the code texted to it, then signs in; the order texts switch keeps its choice', async ({ page }) => {
    const who = await inMyAccount(page);
    const section = page.getByRole('region', { name: 'Mobile number' });
    await expect(section).toContainText(`Your mobile number: (${who.telephone.slice(0, 3)}) ${who.telephone.slice(3, 6)}-${who.telephone.slice(6)}`);
    const next = `542${who.telephone.slice(3)}`;
    const shown = `(542) ${next.slice(3, 6)}-${next.slice(6)}`;
    const sentAt = new Date();
    await section.getByLabel('New mobile number').fill(`+1 ${next}`);
    await section.getByRole('button', { name: 'Text me a code' }).click();
    await expect(section.getByRole('status')).toHaveText(`We sent a 4-digit code to ${shown}.`);
    const code = /\b(\d{4})\b/.exec(await outboxMessage(next, sentAt))![1];
    await section.getByLabel('Verification code').fill(code === '0000' ? '1111' : '0000');
    await section.getByRole('button', { name: 'Confirm new number' }).click();
    await expect(section.getByRole('alert')).toHaveText('The verification code is not correct. Please try again.');
    await section.getByLabel('Verification code').fill(code);
    await section.getByRole('button', { name: 'Confirm new number' }).click();
    await expect(section.getByRole('status')).toHaveText('Your mobile number has been updated.');
    await expect(section).toContainText(`Your mobile number: ${shown}`);

    const texts = section.getByRole('switch', { name: 'Text me about my orders' });
    await expect(texts).toBeChecked();
    await texts.uncheck();
    await expect(page.getByText('We will no longer text you about your orders.')).toBeVisible();
    await page.reload();
    await expect(texts).not.toBeChecked();

    // The new number signs in by code.
    await logOut(page);
    await page.goto('/login');
    const signInAt = new Date();
    await page.getByLabel('Mobile number').fill(next);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Verification code').fill(/\b(\d{4})\b/.exec(await outboxMessage(next, signInAt))![1]);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  });

  test('the marketing switch moves when clicked, says so, and keeps the choice', async ({ page }) => {
    await inMyAccount(page);
    const marketing = page.getByRole('switch', { name: 'E-mail me offers and news' });
    await expect(marketing).not.toBeChecked();
    await marketing.check();
    await expect(page.getByText('You will receive marketing e-mails.')).toBeVisible();
    await page.reload();
    await expect(marketing).toBeChecked();
    await marketing.uncheck();
    await expect(page.getByText('You will no longer receive marketing e-mails.')).toBeVisible();
    await page.reload();
    await expect(marketing).not.toBeChecked();
  });
});
