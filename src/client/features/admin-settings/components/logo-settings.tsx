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
import { FormAlert } from '#client/components/ui/form-alert';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useLogo } from '../api/get-logo';
import { useUpdateLogo } from '../api/update-logo';
import { InputField } from './form-field';
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

type LogoErrors = Partial<Record<'logoUrl' | 'altText', string>>;

function LogoForm({ current }: { current: Logo | null }) {
  const [logoUrl, setLogoUrl] = useState(current?.logoUrl ?? '');
  const [altText, setAltText] = useState(current?.altText ?? DEFAULT_ALT);
  const [errors, setErrors] = useState<LogoErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = useUpdateLogo();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = logoInputSchema.safeParse({ logoUrl, altText });
    if (!parsed.success) {
      const found: LogoErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'logoUrl' || field === 'altText') && !found[field]) {
          found[field] = issue.message;
        }
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => toast.success('Logo updated'),
      onError: (error) => {
        if (isApiError(error) && error.status === 400) setRefusal(error.message);
        else toast.error('Error', { description: 'Failed to update logo. Please try again.' });
      },
    });
  };

  return (
    <div className="space-y-5">
      <CurrentLogo logo={current} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {refusal ? <FormAlert title="Logo not updated" message={refusal} /> : null}
        <InputField
          label="Logo URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={LOGO_URL_MAX}
          placeholder="https://example.com/logo.png"
          value={logoUrl}
          onChange={(event) => setLogoUrl(event.target.value)}
          error={errors.logoUrl}
          hint="An https:// address, or one of our own images: /api/files/uploads/… or /api/files/series-images/…"
        />
        <InputField
          label="Alt text"
          maxLength={LOGO_ALT_MAX}
          value={altText}
          onChange={(event) => setAltText(event.target.value)}
          error={errors.altText}
          hint="What the logo says, for people who cannot see it."
        />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Updating...' : 'Update Logo'}
        </Button>
      </form>
    </div>
  );
}
