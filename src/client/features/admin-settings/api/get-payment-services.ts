import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentService } from '#shared/contracts/admin-settings';
import { apiFetch } from '#client/lib/api-client';

export type PaymentServicesResponse = { services: AdminPaymentService[] };

export const getPaymentServices = (signal?: AbortSignal) =>
  apiFetch<PaymentServicesResponse>('/api/admin/payment-services', { signal });

export const paymentServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'payment-services'] as const,
    queryFn: ({ signal }) => getPaymentServices(signal),
    select: (data) => data.services,
  });

/** The card and wallet services, their switches and what each needs. */
export const usePaymentServices = () => useQuery(paymentServicesQueryOptions());
