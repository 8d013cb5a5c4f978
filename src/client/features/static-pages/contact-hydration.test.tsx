// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client';
import { json, stubApi } from '#client/test/render-app';
import { ContactPage } from './components/contact-page';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const page = () => (
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/contact']}>
        <ContactPage />
      </MemoryRouter>
    </QueryClientProvider>
  </StrictMode>
);

/** What a person does on the server's HTML before any script runs: the DOM changes alone. */
function typeBeforeHydration(label: string, value: string) {
  const control = screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
  control.value = value;
}

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the contact form on its server-rendered page', () => {
  it('renders its empty form, the category still to choose', () => {
    container.innerHTML = renderToString(page());
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Choose a category' })).toHaveProperty(
      'defaultSelected',
      true,
    );
  });

  it('keeps what was typed before it hydrated, and sends it', async () => {
    const fetchMock = stubApi({ 'POST /api/contact': () => json(201, { ok: true }) });
    const hydrationErrors: unknown[] = [];
    container.innerHTML = renderToString(page());

    typeBeforeHydration('Name', 'Ana García');
    typeBeforeHydration('Email', 'ana@example.com');
    typeBeforeHydration('Category', 'technical');
    typeBeforeHydration('Subject', 'Audio stops');
    typeBeforeHydration('Message', 'The audio stops after a minute.');

    await act(async () => {
      root = hydrateRoot(container, page(), {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
    });
    expect(hydrationErrors).toEqual([]);
    expect(screen.getByLabelText('Name')).toHaveValue('Ana García');
    expect(screen.getByLabelText('Category')).toHaveValue('technical');
    expect(screen.getByLabelText('Message')).toHaveValue('The audio stops after a minute.');

    // Typing on after hydration continues from what is there.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Subject'), '!');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Message sent!', expect.anything()),
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/contact')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      name: 'Ana García',
      email: 'ana@example.com',
      category: 'technical',
      subject: 'Audio stops!',
      message: 'The audio stops after a minute.',
    });
  });
});
