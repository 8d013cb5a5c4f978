// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { PENDING_CONFIRMATION_EMAIL_KEY } from '#client/lib/auth/auth-storage';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const HOME_HEADING = 'Master Spanish with stories you can listen to';
const apiError = (status: number, code: string, message: string, details?: unknown) => () =>
  json(status, { error: { code, message, details } });
const ok = (body: unknown) => () => json(200, body);
const noPreferences = apiError(404, 'NOT_FOUND', 'none');

/** A visitor (or `user`) plus the given API routes; the home page's stories are empty. */
function stub(routes: Parameters<typeof stubApi>[0] = {}, user: typeof userFixture | null = null) {
  return stubApi({
    'GET /api/auth/session': sessionOf(user),
    'GET /api/stories': ok({ stories: [] }),
    'GET /api/me/preferences': noPreferences,
    ...routes,
  });
}

const bodyOf = (mock: ReturnType<typeof stubApi>, url: string) => {
  const call = mock.mock.calls.find(([callUrl]) => callUrl === url);
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.clear();
  sessionStorage.clear();
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/auth (sign in)', () => {
  async function fillSignIn(email: string, password: string) {
    const user = userEvent.setup();
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    return user;
  }

  it('has the fields, Remember me and the links to the other pages', async () => {
    stub();
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/onboarding');
  });

  it('asks for every field before calling the server', async () => {
    const fetchMock = stub();
    const user = await fillSignIn('ana@example.com', '');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-in')).toBe(false);
  });

  it('signs in with Remember me, welcomes the user and goes to /', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stub({
      'POST /api/auth/sign-in': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = await fillSignIn(' ana@example.com ', 'Secreto123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer(json(200, { user: userFixture }));

    expect(await screen.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Welcome back!', {
      description: 'You have successfully signed in.',
    });
    expect(bodyOf(fetchMock, '/api/auth/sign-in')).toEqual({
      email: 'ana@example.com',
      password: 'Secreto123',
      rememberMe: true,
    });
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', 'Invalid email or password'],
    [403, 'EMAIL_NOT_VERIFIED', 'Please confirm your email address before signing in.'],
    [429, 'RATE_LIMITED', 'Too many sign-in attempts. Please try again later.'],
  ])("shows 'Sign in failed' with the server's message (%i %s)", async (status, code, message) => {
    stub({ 'POST /api/auth/sign-in': apiError(status, code, message) });
    const user = await fillSignIn('ana@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Sign in failed',
        expect.objectContaining({ description: message }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it('remembers an unconfirmed address so the confirmation can be sent again', async () => {
    stub({
      'POST /api/auth/sign-in': apiError(403, 'EMAIL_NOT_VERIFIED', 'Confirm your email first.'),
    });
    const user = await fillSignIn('ana@example.com', 'Secreto123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(localStorage.getItem(PENDING_CONFIRMATION_EMAIL_KEY)).toBe('ana@example.com');
  });

  it('reports an unexpected failure (network, server error)', async () => {
    stub({ 'POST /api/auth/sign-in': apiError(500, 'INTERNAL_ERROR', 'Internal error') });
    const user = await fillSignIn('ana@example.com', 'Secreto123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'An unexpected error occurred during sign in.',
      }),
    );
  });

  it('sends a signed-in user to /', async () => {
    stub({}, userFixture);
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  });
});

describe('/onboarding (sign up)', () => {
  async function fillSignUp(fields: { fullName?: string; email?: string; password?: string }) {
    const user = userEvent.setup();
    renderApp('/onboarding');
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    if (fields.fullName) await user.type(screen.getByLabelText('Full Name'), fields.fullName);
    if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
    if (fields.password) await user.type(screen.getByLabelText('Password'), fields.password);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    return user;
  }

  it('asks for every field', async () => {
    stub();
    await fillSignUp({ fullName: 'Ana', password: 'Secreto123' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
  });

  it('asks to wait while the application loads', async () => {
    // The session check never answers: the page is there, hidden behind the loading screen.
    stub({ 'GET /api/auth/session': () => new Promise<Response>(() => undefined) });
    renderApp('/onboarding');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign Up', hidden: true });
    fireEvent.submit(heading.closest('main')!.querySelector('form')!);
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
      'Please wait while the application loads',
    );
  });

  // One password rule (decision 007): what the server refuses, the form refuses unsent, with the
  // server's messages; the hint under the field states the same rule.
  it.each([
    ['Secre1', ['Password must be at least 8 characters long']],
    ['Secret1', ['Password must be at least 8 characters long']],
    ['secreto123', ['Password must contain at least one uppercase letter']],
    ['SecretoSecreto', ['Password must contain at least one number']],
  ])("refuses %s with the server's message and sends nothing", async (password, problems) => {
    const fetchMock = stub();
    await fillSignUp({ fullName: 'Ana', email: 'ana@example.com', password });
    expect(
      screen.getByText(
        'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '8');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Password Requirements Not Met');
    expect(alert).toHaveTextContent(problems.join('. '));
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(problems);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-up')).toBe(false);
  });

  it("creates the account, shows 'Check Your Email!' and can go back to the form", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stub({
      'POST /api/auth/sign-up': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = await fillSignUp({
      fullName: 'Ana García',
      email: 'ana@example.com',
      password: 'Secreto123',
    });
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    answer(json(201, { email: 'ana@example.com' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check Your Email!' }),
    ).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute(
      'href',
      '/auth',
    );
    expect(localStorage.getItem(PENDING_CONFIRMATION_EMAIL_KEY)).toBe('ana@example.com');
    expect(bodyOf(fetchMock, '/api/auth/sign-up')).toEqual({
      fullName: 'Ana García',
      email: 'ana@example.com',
      password: 'Secreto123',
    });

    await user.click(screen.getByRole('button', { name: 'Change Email Address' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
  });

  it("shows 'Sign up failed' with the server's message", async () => {
    stub({
      'POST /api/auth/sign-up': apiError(
        409,
        'CONFLICT',
        'An account with this email already exists',
      ),
    });
    await fillSignUp({ fullName: 'Ana', email: 'ana@example.com', password: 'Secreto123' });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Sign up failed', {
        description: 'An account with this email already exists',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  });

  it('sends a signed-in user to / after about 100 ms', async () => {
    stub({}, userFixture);
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  });
});

describe('/forgot-password', () => {
  async function submit(email: string) {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    return user;
  }

  it('asks for the address, then for a valid one', async () => {
    const fetchMock = stub();
    const user = await submit('');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');
    await user.type(screen.getByLabelText('Email'), 'ana@example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/forgot-password')).toBe(false);
  });

  it("confirms the request with 'Check Your Email' until 'Try Different Email'", async () => {
    const fetchMock = stub({ 'POST /api/auth/forgot-password': ok({ ok: true }) });
    const user = await submit('ana@example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check Your Email' }),
    ).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Reset Link Sent', expect.anything());
    expect(bodyOf(fetchMock, '/api/auth/forgot-password')).toEqual({ email: 'ana@example.com' });

    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  });

  it("says 'Too Many Attempts' when rate limited", async () => {
    stub({ 'POST /api/auth/forgot-password': apiError(429, 'RATE_LIMITED', 'Too many') });
    await submit('ana@example.com');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Too Many Attempts', {
        description: 'Please wait before requesting another password reset',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  });

  it("says 'Failed to send reset email' otherwise", async () => {
    stub({ 'POST /api/auth/forgot-password': apiError(500, 'INTERNAL_ERROR', 'x') });
    await submit('ana@example.com');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to send reset email', expect.anything()),
    );
  });
});

describe('/reset-password', () => {
  const valid = { 'POST /api/auth/reset-password/check': ok({ valid: true }) };

  async function openForm(routes: Parameters<typeof stubApi>[0] = {}) {
    const fetchMock = stub({ ...valid, ...routes });
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-1');
    await screen.findByLabelText('New Password');
    return { user, fetchMock };
  }

  async function submit(user: ReturnType<typeof userEvent.setup>, password: string, again: string) {
    if (password) await user.type(screen.getByLabelText('New Password'), password);
    if (again) await user.type(screen.getByLabelText('Confirm Password'), again);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it("sends a link without a token to /auth with 'Invalid Reset Link'", async () => {
    stub();
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Invalid Reset Link', expect.anything());
  });

  it('sends an invalid or used link to /auth', async () => {
    stub({ 'POST /api/auth/reset-password/check': ok({ valid: false }) });
    renderApp('/reset-password?token=used');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith('Invalid Reset Link', expect.anything());
  });

  it('asks for both fields, at least 8 characters each', async () => {
    const { user } = await openForm();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('minlength', '8');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('minlength', '8');
    await submit(user, 'Secreto123', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
  });

  it("lists the broken rules under 'Password Requirements Not Met'", async () => {
    const { user, fetchMock } = await openForm();
    await submit(user, 'secreto', 'secreto');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Password Requirements Not Met');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/reset-password')).toBe(false);
  });

  it("says 'Passwords do not match'", async () => {
    const { user } = await openForm();
    await submit(user, 'Secreto123', 'Secreto124');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
  });

  it("resets the trimmed password, says 'Success' and goes to /auth", async () => {
    const { user, fetchMock } = await openForm({
      'POST /api/auth/reset-password': ok({ ok: true }),
    });
    await submit(user, ' Secreto123 ', 'Secreto123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Success', expect.anything());
    expect(bodyOf(fetchMock, '/api/auth/reset-password')).toEqual({
      token: 'tok-1',
      newPassword: 'Secreto123',
    });
  });

  it("answers a link used meanwhile with 'Invalid Reset Link' and /auth", async () => {
    const { user } = await openForm({
      'POST /api/auth/reset-password': apiError(400, 'TOKEN_INVALID', 'Invalid reset link'),
    });
    await submit(user, 'Secreto123', 'Secreto123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith('Invalid Reset Link', expect.anything());
  });

  it("lists the server's password problems", async () => {
    const { user } = await openForm({
      'POST /api/auth/reset-password': apiError(400, 'VALIDATION_ERROR', 'Weak', {
        problems: ['Password must be less than 128 characters'],
      }),
    });
    await submit(user, 'Secreto123', 'Secreto123');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Password Requirements Not Met', {
        description: 'Password must be less than 128 characters',
      }),
    );
  });

  it("says 'Failed to reset password' otherwise", async () => {
    const { user } = await openForm({
      'POST /api/auth/reset-password': apiError(500, 'INTERNAL_ERROR', 'x'),
    });
    await submit(user, 'Secreto123', 'Secreto123');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to reset password', expect.anything()),
    );
  });
});

describe('/email-confirmation', () => {
  it('confirms the link once, signs the user in and offers placement after 2 seconds', async () => {
    const fetchMock = stub({ 'POST /api/auth/confirm-email': ok({ user: userFixture }) });
    localStorage.setItem(PENDING_CONFIRMATION_EMAIL_KEY, 'ana@example.com');
    renderApp('/email-confirmation?token=tok-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Email Confirmed!' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_CONFIRMATION_EMAIL_KEY)).toBeNull();
    expect(bodyOf(fetchMock, '/api/auth/confirm-email')).toEqual({ token: 'tok-1' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find Your Level' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Skip for Now' })).toHaveAttribute('href', '/');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/confirm-email')).toHaveLength(
      1,
    );
  });

  it("shows 'Confirmation Link Expired' for an expired link", async () => {
    stub({ 'POST /api/auth/confirm-email': apiError(400, 'TOKEN_EXPIRED', 'Expired') });
    renderApp('/email-confirmation?token=old');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmation Link Expired' }),
    ).toBeVisible();
  });

  it("shows 'Confirmation Failed' for an invalid or used link", async () => {
    stub({ 'POST /api/auth/confirm-email': apiError(400, 'TOKEN_INVALID', 'Invalid') });
    renderApp('/email-confirmation?token=used');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmation Failed' }),
    ).toBeVisible();
  });

  it('says a link opened again is already confirmed and offers sign-in', async () => {
    stub({
      'POST /api/auth/confirm-email': apiError(409, 'ALREADY_CONFIRMED', 'Already confirmed'),
    });
    const user = userEvent.setup();
    renderApp('/email-confirmation?token=used-once');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email is already confirmed' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend Confirmation Email' })).toBeNull();
    // The page's own Sign In button, not the header's.
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  it('reads the legacy error parameters', async () => {
    stub();
    renderApp('/email-confirmation?error=access_denied&error_code=otp_expired');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmation Link Expired' }),
    ).toBeVisible();
  });

  it('resends the confirmation to the address kept at sign-up', async () => {
    const fetchMock = stub({ 'POST /api/auth/resend-confirmation': ok({ ok: true }) });
    localStorage.setItem(PENDING_CONFIRMATION_EMAIL_KEY, 'ana@example.com');
    const user = userEvent.setup();
    renderApp('/email-confirmation?error=access_denied&error_code=otp_expired');
    await user.click(await screen.findByRole('button', { name: 'Resend Confirmation Email' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Confirmation email sent!', expect.anything()),
    );
    expect(bodyOf(fetchMock, '/api/auth/resend-confirmation')).toEqual({
      email: 'ana@example.com',
    });
  });

  it("says 'Failed to resend email' when the resend fails", async () => {
    stub({ 'POST /api/auth/resend-confirmation': apiError(500, 'INTERNAL_ERROR', 'x') });
    localStorage.setItem(PENDING_CONFIRMATION_EMAIL_KEY, 'ana@example.com');
    const user = userEvent.setup();
    renderApp('/email-confirmation');
    await user.click(await screen.findByRole('button', { name: 'Resend Confirmation Email' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to resend email'));
  });

  it("sends a visitor with no address kept to /onboarding with 'Email not found'", async () => {
    stub();
    const user = userEvent.setup();
    renderApp('/email-confirmation');
    await user.click(await screen.findByRole('button', { name: 'Resend Confirmation Email' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith('Email not found', {
      description: 'Please try signing up again.',
    });
  });
});
