// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '#client/app/providers';
import { toast } from './toast';

afterEach(cleanup);

describe('toast', () => {
  it('mounts the toaster on first use and shows the message', async () => {
    const { container } = render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();

    toast.success('Settings saved');

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });
});
