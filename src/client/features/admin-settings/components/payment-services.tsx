import { CreditCard } from 'lucide-react';
import type { AdminPaymentService } from '#shared/contracts/admin-settings';
import { Badge } from '#client/components/ui/badge';
import { toast } from '#client/lib/toast';
import { usePaymentServices } from '../api/get-payment-services';
import { useUpdatePaymentService } from '../api/update-payment-service';
import { SectionState, SettingsSection } from './settings-section';
import { Toggle } from './toggle';

const serviceLabels: Record<AdminPaymentService['serviceName'], string> = {
  stripe: 'Stripe (card payments)',
  paypal: 'PayPal (online wallet)',
};

/** Payment Services: one switch per service (stripe, paypal), saved as it is flipped. */
export function PaymentServices() {
  const services = usePaymentServices();
  return (
    <SettingsSection
      title="Payment Services"
      description="The ways visitors can pay in the support section."
      icon={CreditCard}
    >
      <SectionState
        isPending={services.isPending}
        isError={services.isError}
        loadingLabel="Loading payment services..."
        errorTitle="Payment services unavailable"
        onRetry={() => void services.refetch()}
      >
        {() => (
          <ul className="divide-y divide-line">
            {services.data!.map((service) => (
              <li key={service.serviceName} className="py-4 first:pt-0 last:pb-0">
                <ServiceSwitch service={service} />
              </li>
            ))}
          </ul>
        )}
      </SectionState>
    </SettingsSection>
  );
}

function ServiceSwitch({ service }: { service: AdminPaymentService }) {
  const update = useUpdatePaymentService();
  // While saving, the switch shows where it is going.
  const checked = update.isPending
    ? (update.variables?.isEnabled ?? service.isEnabled)
    : service.isEnabled;
  const label = serviceLabels[service.serviceName];
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <Toggle
        label={label}
        hint={service.detail}
        checked={checked}
        disabled={update.isPending}
        onCheckedChange={(isEnabled) =>
          update.mutate(
            { serviceName: service.serviceName, isEnabled },
            {
              onSuccess: () => toast.success('Settings saved'),
              onError: () =>
                toast.error('Error', {
                  description: 'Failed to update payment service. Please try again.',
                }),
            },
          )
        }
      />
      {service.isEnabled && !service.available ? <Badge>Not shown to visitors yet</Badge> : null}
    </div>
  );
}
