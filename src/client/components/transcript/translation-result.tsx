import { messages } from '#shared/messages';
import { Spinner } from '#client/components/ui/spinner';
import {
  translationErrorText,
  useTranslation,
  type TranslationRequest,
  type TranslationSettings,
  type TranslationSource,
} from '#client/lib/api/translate';

export const sourceLabel: Record<TranslationSource, string> = {
  story: messages.translation.story,
  machine: messages.translation.machine,
  dictionary: 'Dictionary',
  api: messages.translation.machine,
};

/** Loading, the translation with where it came from, or the spec's inline error text. */
export function TranslationResult({
  request,
  settings,
}: {
  request: TranslationRequest;
  settings: TranslationSettings;
}) {
  const query = useTranslation(request, settings);
  if (request.text.trim() === '') return null;
  if (query.isPending) {
    return <Spinner label="Translating..." className="justify-start py-1 text-sm" />;
  }
  if (query.isError) {
    return (
      <p className="text-ink-muted" data-translation-state="error">
        {translationErrorText(request.text, query.error)}
      </p>
    );
  }
  return (
    <div data-translation-state="success">
      <p
        lang={settings.targetLanguage}
        className="text-ink"
        data-translation-source={query.data.source}
      >
        {query.data.translation}
      </p>
      <p className="mt-1 text-xs font-medium tracking-wide text-ink-muted uppercase">
        {sourceLabel[query.data.source]}
      </p>
      {settings.fallbackNote ? (
        <p className="mt-1 text-xs text-ink-muted" data-testid="translation-fallback-note">
          {settings.fallbackNote}
        </p>
      ) : null}
    </div>
  );
}
