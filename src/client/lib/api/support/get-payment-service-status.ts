import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentServiceName, PaymentServiceStatus } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';
import { supportQueryRoot } from './get-support-status';

export const paymentServiceStatusQueryOptions = (serviceName: PaymentServiceName) =>
  queryOptions({
    queryKey: [...supportQueryRoot, 'services', serviceName, 'status'] as const,
    queryFn: ({ signal }) =>
      apiFetch<PaymentServiceStatus>(`/api/payments/services/${serviceName}/status`, { signal }),
  });

/** The spec's get_payment_service_status (the wallet button hides when it fails). */
export const usePaymentServiceStatus = (serviceName: PaymentServiceName, enabled = true) =>
  useQuery({ ...paymentServiceStatusQueryOptions(serviceName), enabled });
