import { useState, type FormEvent } from 'react';
import { Image as ImageIcon } from 'lucide-react';
import {
  LOGO_ALT_MAX,
  LOGO_URL_MAX,
  logoInputSchema,
  type Logo,
} from '#shared/contracts/admin-settings';
import { LogoMark } from '#client/components/logo';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { Input } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { useLogo } from '../api/get-logo';
import { useUpdateLogo } from '../api/update-logo';
import { SectionState, SettingsSection } from './settings-section';

const DEFAULT_ALT = 'Relatos';

/** Logo & Branding: the current logo, and a new address and alt text for it. */
export function LogoSettings() {
  const logo = useLogo();
  return (
    <SettingsSection
      title="Logo & Branding"
      description="The logo in the site header, for every visitor."
      icon={ImageIcon}
    >
      <SectionState
        isPending={logo.isPending}
        isError={logo.isError}
        loadingLabel="Loading logo..."
        errorTitle="Logo unavailable"
        onRetry={() => void logo.refetch()}
      >
        {() => <LogoForm current={logo.data ?? null} />}
      </SectionState>
    </SettingsSection>
  );
}

function CurrentLogo({ logo }: { logo: Logo | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = logo !== null && logo.logoUrl !== failedUrl;
  return (
    <figure className="flex items-center gap-4 rounded-xl border border-line bg-surface-muted p-4">
      <div className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-canvas">
        {showImage ? (
          <img
            src={logo.logoUrl}
            alt={logo.altText}
            className="max-h-14 max-w-14 object-contain"
            onError={() => setFailedUrl(logo.logoUrl)}
          />
        ) : (
          <LogoMark className="size-12" />
        )}
      </div>
      <figcaption className="min-w-0 text-sm">
        <span className="block font-medium text-ink">Current logo</span>
        {logo === null ? (
          <span className="text-ink-muted">The default Relatos logo.</span>
        ) : (
          <>
            <span className="block break-all text-ink-muted">{logo.logoUrl}</span>
            {logo.logoUrl === failedUrl ? (
              <span className="block text-accent-ink">
                This image could not be loaded: visitors see the default logo.
              </span>
            ) : null}
          </>
        )}
      </figcaption>
    </figure>
  );
}

function LogoForm({ current }: { current: Logo | null }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = useUpdateLogo();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(logoInputSchema, {
    defaultValues: { logoUrl: current?.logoUrl ?? '', altText: current?.altText ?? DEFAULT_ALT },
  });

  const onSubmit = (event: FormEvent) => {
    setRefusal(null);
    void handleSubmit((logo) =>
      update.mutate(logo, {
        onSuccess: () => toast.success('Logo updated'),
        onError: (error) => {
          if (isApiError(error) && error.status === 400) setRefusal(error.message);
          else toast.error('Error', { description: 'Failed to update logo. Please try again.' });
        },
      }),
    )(event);
  };

  return (
    <div className="space-y-5">
      <CurrentLogo logo={current} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {refusal ? <FormAlert title="Logo not updated" message={refusal} /> : null}
        <Field
          label="Logo URL"
          error={errors.logoUrl?.message}
          hint="An https:// address, or one of our own images: /api/files/uploads/… or /api/files/series-images/…"
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={LOGO_URL_MAX}
            placeholder="https://example.com/logo.png"
            {...register('logoUrl')}
          />
        </Field>
        <Field
          label="Alt text"
          error={errors.altText?.message}
          hint="What the logo says, for people who cannot see it."
        >
          <Input maxLength={LOGO_ALT_MAX} {...register('altText')} />
        </Field>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Updating...' : 'Update Logo'}
        </Button>
      </form>
    </div>
  );
}
