import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentService } from '#shared/contracts/admin-settings';
import type { PaymentServiceName } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';
import { supportQueryRoot } from '#client/lib/api/support/get-support-status';
import { paymentServicesQueryOptions } from './get-payment-services';

export interface UpdatePaymentServiceInput {
  serviceName: PaymentServiceName;
  isEnabled: boolean;
}

export const updatePaymentService = ({ serviceName, isEnabled }: UpdatePaymentServiceInput) =>
  apiFetch<{ service: AdminPaymentService }>(`/api/admin/payment-services/${serviceName}`, {
    method: 'PATCH',
    json: { isEnabled },
  });

/** Switches a payment service on or off (the home page's support section follows). */
export function useUpdatePaymentService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'payment-services', 'update'],
    mutationFn: updatePaymentService,
    onSuccess: ({ service }) => {
      queryClient.setQueryData(paymentServicesQueryOptions().queryKey, (data) =>
        data
          ? {
              services: data.services.map((entry) =>
                entry.serviceName === service.serviceName ? service : entry,
              ),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: supportQueryRoot });
    },
  });
}
