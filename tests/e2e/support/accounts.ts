import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readE2eServerInfo } from './server-info.ts';

export const E2E_ADMIN = { email: 'admin@relatos.test', password: 'AdminPass123' } as const;
export const PASSWORD = 'Secreto123';

export const uniqueEmail = (prefix = 'learner') =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/**
 * Waits for the newest development-mailbox message to this address whose subject matches. The
 * mailbox is read at its token's address, which start-server.ts chose (decision 060).
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  const mailbox = `/dev/mailbox/${readE2eServerInfo().mailboxToken}.json`;
  await expect
    .poll(
      async () => {
        const response = await request.get(mailbox);
        const { messages } = (await response.json()) as { messages: MailboxMessage[] };
        found = messages.find((message) => message.to === to && subject.test(message.subject));
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export function linkIn(
  message: MailboxMessage,
  page: '/email-confirmation' | '/reset-password',
): string {
  const match = new RegExp(`https?://[^\\s]+${page}\\?token=[^\\s]+`).exec(message.text);
  if (!match) throw new Error(`no ${page} link in the message`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** A confirmed account created through the API and the mailbox, signed in on this page. */
export async function signedInLearner(page: Page, email = uniqueEmail()) {
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, fullName: 'Lena Listener' },
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForMail(page.request, email, /Confirm/);
  const confirmed = await page.request.post('/api/auth/confirm-email', {
    data: {
      token: new URL(`http://x${linkIn(mail, '/email-confirmation')}`).searchParams.get('token'),
    },
  });
  expect(confirmed.status()).toBe(200);
  return { email, password: PASSWORD };
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Fills and sends the open sign-up form, then confirms the account from the mailbox's link: the
 * confirmation page is showing 'Email Confirmed!' when it returns.
 */
export async function signUpAndConfirmThroughForm(page: Page, email: string, fullName: string) {
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email!' })).toBeVisible();
  const mail = await waitForMail(page.request, email, /Confirm/);
  await page.goto(linkIn(mail, '/email-confirmation'));
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
}
