import { expect, test } from './support/fixtures.ts';
import {
  E2E_ADMIN,
  linkIn,
  PASSWORD,
  signedInLearner,
  signInThroughForm,
  uniqueEmail,
  waitForMail,
} from './support/accounts.ts';

test.describe('accounts', () => {
  test('sign up, confirm from the mailbox, sign out, sign in, edit the profile, sign out', async ({
    page,
  }) => {
    const email = uniqueEmail('journey');

    await page.goto('/onboarding');
    await page.getByLabel('Full Name').fill('Lucía Ramos');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email!' })).toBeVisible();

    // An unconfirmed account cannot sign in, and is told why.
    await signInThroughForm(page, email, PASSWORD);
    await expect(page.getByText(/confirm your email address/i).first()).toBeVisible();

    const mail = await waitForMail(page.request, email, /Confirm/);
    await page.goto(linkIn(mail, '/email-confirmation'));
    await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
    // A new learner is offered placement (decision 071), which they may skip.
    await expect(page).toHaveURL('/placement', { timeout: 5000 });
    await page.getByRole('link', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL('/');

    // Signed in: the avatar menu shows the email; Sign Out goes to /.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL('/');

    // The same link again: already confirmed, with a way to sign in (and nobody signed in by it).
    await page.goto(linkIn(mail, '/email-confirmation'));
    await expect(
      page.getByRole('heading', { name: 'Your email is already confirmed' }),
    ).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

    await signInThroughForm(page, email, PASSWORD);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL('/');

    await page.goto('/profile');
    await page.getByLabel('Full Name').fill('Lucía Ramos Vidal');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await page.getByLabel('Auto-play next chapter').check();
    await expect(page.getByText('Preferences updated').first()).toBeVisible();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveClass(/dark/);

    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Lucía Ramos Vidal');
    await expect(page.getByLabel('Auto-play next chapter')).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/dark/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('forgot password, reset from the mailbox, sign in with the new password', async ({
    page,
  }) => {
    const { email } = await signedInLearner(page);
    await page.context().clearCookies();

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

    const mail = await waitForMail(page.request, email, /Reset/);
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByLabel('New Password', { exact: true }).fill('Nuevo4567');
    await page.getByLabel('Confirm Password').fill('Nuevo4567');
    await page.getByRole('button', { name: /reset|update|save/i }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await signInThroughForm(page, email, 'Nuevo4567');
    await expect(page.getByText('Welcome back!')).toBeVisible();

    // The link worked once.
    await page.context().clearCookies();
    await page.goto(linkIn(mail, '/reset-password'));
    await expect(page.getByText('Invalid Reset Link').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('six wrong passwords: the sixth is refused with the rate-limit message', async ({
    page,
  }) => {
    const { email } = await signedInLearner(page);
    await page.context().clearCookies();
    await page.goto('/auth');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(`Wrong${attempt}234`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Invalid email or password').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    }
    await page.getByLabel('Password', { exact: true }).fill('Wrong6234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Too many sign-in attempts. Please try again later.').first(),
    ).toBeVisible();
  });

  test('a learner opening /admin is denied; the administrator sees the dashboard counts', async ({
    page,
  }) => {
    await signedInLearner(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText("You don't have permission to access the admin panel."),
    ).toBeVisible();
    await expect(page).toHaveURL('/', { timeout: 5000 });

    await page.context().clearCookies();
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL('/');
    await page.goto('/admin');
    const main = page.getByRole('main');
    for (const label of ['Stories', 'Chapters', 'Profiles', 'Feedback']) {
      await expect(main.getByText(label, { exact: true }).first()).toBeVisible();
    }
    const stories = await page.request.get('/api/admin/dashboard');
    const { counts } = (await stories.json()) as { counts: { stories: number } };
    expect(counts.stories).toBeGreaterThanOrEqual(4);
    await expect(main.getByText(String(counts.stories), { exact: true }).first()).toBeVisible();
  });

  test('a visitor is sent from /admin to /auth', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the sign-in and profile pages pass an accessibility scan', async ({
    page,
    makeAxeBuilder,
  }) => {
    await page.goto('/onboarding');
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await signedInLearner(page);
    await page.goto('/profile');
    await expect(page.getByLabel('Full Name')).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  });
});
