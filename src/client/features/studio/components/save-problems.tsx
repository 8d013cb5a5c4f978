import { RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { Notice } from '#client/components/ui/notice';
import { isApiError } from '#client/lib/api-client';
import type { Refusal } from '../rules/refusal';
import { TranslationFailures } from './translation-failures';

export interface SaveProblemsProps {
  /** A version the server made while there were unsaved changes here. */
  newerVersion: number | null;
  onLoadNewer: () => void;
  saveError: unknown;
  saveRefusal: Refusal | null;
  onReloadLatest: () => void;
  prefillRefusal: Refusal | null;
  /** What the translation services could not do in the last prefill ("Apertium failed: …"). */
  prefillFailures: readonly string[];
}

const listOf = (refusal: Refusal) =>
  refusal.reasons.length > 0 ? [refusal.message, ...refusal.reasons] : undefined;

/**
 * What stands between the edits and the server: a newer version, someone else's save (409, with
 * the offer to reload theirs), or the server's refusal in words.
 */
export function SaveProblems({
  newerVersion,
  onLoadNewer,
  saveError,
  saveRefusal,
  onReloadLatest,
  prefillRefusal,
  prefillFailures,
}: SaveProblemsProps) {
  const conflict = isApiError(saveError) && saveError.status === 409;
  return (
    <>
      {newerVersion !== null ? (
        <Notice
          title={`Version ${newerVersion} is on the server`}
          action={
            <Button variant="secondary" size="sm" onClick={onLoadNewer}>
              Load version {newerVersion}
            </Button>
          }
        >
          It was saved (an alignment, or another administrator) while you had unsaved changes here.
          Loading it discards your changes; saving yours will be refused until you do.
        </Notice>
      ) : null}
      {conflict ? (
        <div role="alert" className="rounded-2xl border border-accent/40 bg-accent-soft px-5 py-4">
          <p className="font-semibold text-accent-soft-ink">Someone else saved this chapter</p>
          <p className="mt-1 text-ink">
            A newer version was saved after you started editing, so yours was not saved. Reload to
            see theirs (your unsaved changes here will be lost), then make your changes again.
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onReloadLatest}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reload latest version
          </Button>
        </div>
      ) : saveRefusal ? (
        <FormAlert
          title="The transcript was not saved"
          message={saveRefusal.message}
          items={listOf(saveRefusal)}
        />
      ) : null}
      {prefillRefusal ? (
        <FormAlert
          title="Translations could not be filled in"
          message={prefillRefusal.message}
          items={listOf(prefillRefusal)}
        />
      ) : null}
      <TranslationFailures failures={prefillFailures} />
    </>
  );
}
