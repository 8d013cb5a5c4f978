import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/contracts/auth';
import { AuthProvider } from '#client/lib/auth/auth-provider';
import { createQueryClient } from '#client/lib/query-client';
import { useTheme } from '#client/lib/theme';
import { useToasterRequested } from '#client/lib/toast';
import { OfflineSync } from './offline-sync';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Mounted on the first toast only (see #client/lib/toast), so sonner stays out of the first load. */
function ToasterHost() {
  const requested = useToasterRequested();
  const { resolved } = useTheme();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* Spec: at most 3 toasts visible, each dismissed after 4 s. */}
      <Toaster visibleToasts={3} duration={4000} theme={resolved} closeButton richColors />
    </Suspense>
  );
}

export function AppProviders({
  children,
  queryClient: givenQueryClient,
  initialUser,
}: {
  children: ReactNode;
  /** The server renders with a client seeded with the page's data; the browser makes its own. */
  queryClient?: QueryClient;
  initialUser?: CurrentUser | null;
}) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider initialUser={initialUser}>
        {children}
        <OfflineSync />
      </AuthProvider>
      <ToasterHost />
    </QueryClientProvider>
  );
}
