import { BrowserRouter } from 'react-router';
import type { CurrentUser } from '#shared/contracts/auth';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ initialUser }: { initialUser?: CurrentUser | null }) {
  return (
    <AppProviders initialUser={initialUser}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
