import { BrowserRouter } from 'react-router';
import type { CurrentUser } from '#shared/contracts/auth';
import { installHistoryGuard } from '#client/lib/history-guard';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

// Before the router adds its own listener: unsaved work can hold Back and Forward (decision 023).
installHistoryGuard();

export function App({ initialUser }: { initialUser?: CurrentUser | null }) {
  return (
    <AppProviders initialUser={initialUser}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
