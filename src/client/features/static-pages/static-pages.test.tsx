// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deviceOnDeletion,
  keptAfterDeletion,
  keptOnDevice,
  onSignOut,
  removedWithAccount,
} from '#shared/account-data';
import { json, renderApp, stubApi } from '#client/test/render-app';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('help page', () => {
  it('has the four cards and ways to the contact page, the FAQ and the demo player', async () => {
    stubApi({});
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help Center' });
    for (const title of [
      'Getting Started',
      'Audio Learning',
      'Account Management',
      'Supporting Relatos',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(main.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
    expect(main.getByRole('link', { name: 'Open the Demo Player' })).toHaveAttribute(
      'href',
      '/demo',
    );
  });
});

describe('FAQ page', () => {
  it('lists 14 questions and opens one answer at a time', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    const main = screen.getByRole('main');
    const questions = within(main)
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-expanded'));
    expect(questions).toHaveLength(14);
    expect(questions.every((q) => q.getAttribute('aria-expanded') === 'false')).toBe(true);

    const sync = within(main).getByRole('button', {
      name: 'Does my progress sync across my devices?',
    });
    const offline = within(main).getByRole('button', { name: 'Can I use Relatos offline?' });
    await user.click(sync);
    expect(sync).toHaveAttribute('aria-expanded', 'true');
    expect(within(main).getByRole('region', { name: sync.textContent! })).toHaveTextContent(
      /synced|saved to your account/,
    );

    await user.click(offline);
    expect(offline).toHaveAttribute('aria-expanded', 'true');
    expect(sync).toHaveAttribute('aria-expanded', 'false');
    expect(within(main).getByRole('region', { name: offline.textContent! })).toHaveTextContent(
      'needs a connection',
    );

    // The open one closes again (collapsible).
    await user.click(offline);
    expect(offline).toHaveAttribute('aria-expanded', 'false');
  });

  it('links to the help center and the contact page', async () => {
    stubApi({});
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    expect(screen.getByRole('link', { name: 'Visit the Help Center' })).toHaveAttribute(
      'href',
      '/help',
    );
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Contact Us' }),
    ).toHaveAttribute('href', '/contact');
  });
});

describe('privacy page', () => {
  it('has every section of the policy', async () => {
    stubApi({});
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Our Commitment',
      'Information We Collect',
      'On Your Device',
      'How We Use Your Information',
      'Data Security',
      'Payments',
      'Data Sharing',
      'Deleting Your Account',
      'Your Rights',
      'Contact Us',
      'Changes to This Policy',
    ]);
    expect(screen.getByText(/hashed with\s+scrypt/)).toBeInTheDocument();
  });

  it('says what is kept, on the server and on the device, and what Delete Account removes', async () => {
    stubApi({});
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const region = (name: string) => screen.getByRole('region', { name });
    expect(
      within(region('Information We Collect')).getByText(
        /your listening sessions .* the words and sentences you save with their review cards, your review\s+history/,
      ),
    ).toBeInTheDocument();

    const device = region('On Your Device');
    expect(
      within(device)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...keptOnDevice]);
    expect(within(device).getByText(/^Chapters you download for offline listening/)).toBeVisible();
    expect(within(device).getByText(onSignOut)).toBeInTheDocument();

    const deletion = region('Deleting Your Account');
    expect(
      within(deletion)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...Object.values(removedWithAccount), ...keptAfterDeletion]);
    expect(within(deletion).getByText(deviceOnDeletion)).toBeInTheDocument();
    for (const words of [/saved words/, /review history/, /listening sessions/]) {
      expect(within(deletion).getByText(words)).toBeVisible();
    }
    expect(within(deletion).getByText(/every chapter downloaded with your account/)).toBeVisible();
    expect(
      within(region('Your Rights')).getByRole('link', { name: 'listed above' }),
    ).toHaveAttribute('href', '#privacy-deletion');
  });
});

describe('contact page', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Name'), 'Ana García');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.selectOptions(screen.getByLabelText('Category'), 'Technical Issue');
    await user.type(screen.getByLabelText('Subject'), 'Audio stops');
    await user.type(screen.getByLabelText('Message'), 'The audio stops after a minute.');
  }

  it('offers the five categories and links to the help center', async () => {
    stubApi({});
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const options = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled);
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['general', 'General Support'],
      ['technical', 'Technical Issue'],
      ['feature', 'Feature Request'],
      ['billing', 'Billing/Payments'],
      ['content', 'Content Feedback'],
    ]);
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Help Center' }),
    ).toHaveAttribute('href', '/help');
  });

  it('requires every field and sends nothing until then', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.selectOptions(screen.getByLabelText('Category'), 'general');
    await user.type(screen.getByLabelText('Subject'), 'Hi');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/contact')).toBe(false);
  });

  it('sends the message, thanks the sender and clears the form', async () => {
    const fetchMock = stubApi({ 'POST /api/contact': () => json(201, { ok: true }) });
    const user = userEvent.setup();
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Message sent!', {
        description: "We'll get back to you within 24 hours.",
      }),
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/contact')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      name: 'Ana García',
      email: 'ana@example.com',
      category: 'technical',
      subject: 'Audio stops',
      message: 'The audio stops after a minute.',
    });
    for (const label of ['Name', 'Email', 'Category', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    stubApi({
      'POST /api/contact': () =>
        json(429, {
          error: {
            code: 'RATE_LIMITED',
            message: 'You have sent several messages already. Please try again later.',
          },
        }),
    });
    const user = userEvent.setup();
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many messages');
    expect(alert).toHaveTextContent(
      'You have sent several messages already. Please try again later.',
    );
    expect(screen.getByLabelText('Subject')).toHaveValue('Audio stops');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows a validation refusal from the server', async () => {
    stubApi({
      'POST /api/contact': () =>
        json(400, {
          error: { code: 'VALIDATION_ERROR', message: 'Please enter a valid email address' },
        }),
    });
    const user = userEvent.setup();
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
  });
});
