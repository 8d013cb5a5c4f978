import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyPaymentResponse } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';

/**
 * Verification is an idempotent POST (the server may fulfil the payment while answering), so it
 * is read as a query. Under the `me` root: dropped at every sign-in and sign-out.
 */
export const verifyPaymentQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['me', 'payments', 'verify', sessionId] as const,
    queryFn: ({ signal }) =>
      apiFetch<VerifyPaymentResponse>('/api/payments/verify', {
        method: 'POST',
        json: { session_id: sessionId },
        signal,
      }),
    staleTime: Infinity,
  });

export const useVerifyPayment = (sessionId: string, enabled: boolean) =>
  useQuery({ ...verifyPaymentQueryOptions(sessionId), enabled });
