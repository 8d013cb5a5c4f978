import { useCallback, useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Dialog } from 'radix-ui';
import { ArrowLeft, Bookmark, X } from 'lucide-react';
import type { TranscriptSegment } from '#shared/transcript';
import { AudioPlayerBar } from '#client/components/audio/audio-player-bar';
import { useKeyboardShortcuts } from '#client/components/audio/use-keyboard-shortcuts';
import {
  createActiveSegmentStore,
  useActiveSegment,
  type ActiveSegmentStore,
} from '#client/components/transcript/active-segment-store';
import type { TranscriptIndex } from '#client/components/transcript/transcript-index';
import { TranscriptPanel } from '#client/components/transcript/transcript-panel';
import type { LineActionsConfig } from '#client/components/transcript/transcript-view';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import type { TranslationSettings } from '#client/lib/api/translate';
import { useTheme } from '#client/lib/theme';
import { DESKTOP_QUERY, useMediaQuery } from '#client/lib/use-media-query';
import { ListeningAssist } from './assist/listening-assist';
import { FoldingControls } from './folding-controls';
import { ReadingControls } from './reading-controls';
import { usePagePalette, useReadingSettings } from './reading-settings';

export interface ListeningLayoutProps {
  audio: HTMLAudioElement | null;
  title: string;
  storyTitle: string;
  /** Beside the title: the series navigator. */
  navigator?: ReactNode;
  /** Under the top bar, before the reading controls (vocabulary, tips). */
  intro?: ReactNode;
  /** Above the transcript (the live-progress offer). */
  banner?: ReactNode;
  /** Under the transcript (the player's offer to practise, once the chapter has ended). */
  after?: ReactNode;
  /** Beside the transcript on desktop, in a drawer on mobile (bookmarks). */
  sidebar?: (onDone: () => void) => ReactNode;
  sidebarTitle?: string;
  /** The icon of the mobile button that opens the sidebar. */
  sidebarIcon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** null while the transcript loads. */
  index: TranscriptIndex | null;
  chapterId?: string;
  translation: TranslationSettings;
  defaultShowTranslations: boolean;
  newWordIds?: readonly string[] | null;
  /** Keep it stable (memoised): a new object re-renders the whole transcript. */
  lineActions: LineActionsConfig;
  onBookmarkLine?: (segment: TranscriptSegment, segmentIndex: number) => void;
  /** Replaces the player's controls' effect when there is nothing to play. */
  unavailableText?: string | null;
  /**
   * Beside the title (the chapter's "Download for offline"): in the top bar, so a phone's first
   * screen keeps its room for the transcript.
   */
  actions?: ReactNode;
}

function SegmentCounter({ store, total }: { store: ActiveSegmentStore; total: number }) {
  const active = useActiveSegment(store);
  if (total === 0) return null;
  return (
    <p className="text-sm text-ink-muted tabular-nums">
      {Math.max(active, 0) + 1} de {total}
    </p>
  );
}

/**
 * The listening screen shared by the player and the demo: a sticky top bar (back to the library,
 * chapter and story), reading controls, the transcript with its highlight and translations, an
 * optional sidebar, and the bottom-fixed audio player with its keyboard shortcuts.
 */
export function ListeningLayout({
  audio,
  title,
  storyTitle,
  navigator,
  intro,
  banner,
  after,
  sidebar,
  sidebarTitle = 'Bookmarks',
  sidebarIcon: SidebarIcon = Bookmark,
  index,
  chapterId,
  translation,
  defaultShowTranslations,
  newWordIds,
  lineActions,
  onBookmarkLine,
  unavailableText,
  actions,
}: ListeningLayoutProps) {
  const { settings, update } = useReadingSettings();
  const { resolved } = useTheme();
  const palette = settings.palette ?? (resolved === 'dark' ? 'dark' : 'light');
  usePagePalette(palette);
  const [showOverride, setShowOverride] = useState<boolean | null>(null);
  const showTranslations = showOverride ?? defaultShowTranslations;
  const [surface, setSurface] = useState<HTMLDivElement | null>(null);
  const [segmentStore] = useState(createActiveSegmentStore);
  const [helpOpen, setHelpOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const transcriptHeadingId = useId();

  const toggleHelp = useCallback(() => setHelpOpen((open) => !open), []);
  useKeyboardShortcuts(audio, { onHelp: toggleHelp, enabled: unavailableText == null });

  // The drawer only exists on small screens.
  useEffect(() => {
    if (desktop) setDrawerOpen(false);
  }, [desktop]);

  const hasNewWords = Boolean(newWordIds && newWordIds.length > 0);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <div ref={setSurface} data-palette={palette} className="min-h-dvh bg-canvas text-ink">
      <div className="sticky top-16 z-30 border-b border-line bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/85">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:px-6">
          <Link
            to="/library"
            aria-label="Back to Library"
            title="Back to Library"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <div className="min-w-0 flex-1">
            <p className="truncate text-xs font-medium tracking-wide text-ink-muted uppercase">
              {storyTitle}
            </p>
            <h1 className="truncate font-serif text-lg leading-tight font-semibold sm:text-xl">
              {title}
            </h1>
          </div>
          {actions ? <div className="shrink-0">{actions}</div> : null}
          {navigator ? (
            <div className="flex w-full justify-center md:w-auto md:justify-end">{navigator}</div>
          ) : null}
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6 md:grid md:grid-cols-[minmax(0,1fr)_18rem] md:gap-8 md:py-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-3 md:space-y-5">
          {intro}
          {/* On a phone: Reading settings, Bookmarks and the listening assist on one row. */}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-3 md:justify-between md:gap-x-3">
            <FoldingControls>
              <ReadingControls
                settings={settings}
                palette={palette}
                onChange={update}
                showTranslations={showTranslations}
                onShowTranslationsChange={setShowOverride}
                newWordsToggle={hasNewWords}
              />
            </FoldingControls>
            {sidebar && !desktop ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setDrawerOpen(true)}
                className="max-sm:w-9 max-sm:px-0"
              >
                <SidebarIcon aria-hidden="true" className="size-4" />
                <span className="max-sm:sr-only">{sidebarTitle}</span>
              </Button>
            ) : null}
            <ListeningAssist
              audio={audio}
              index={index}
              surface={surface}
              disabled={unavailableText != null}
            />
          </div>
          {banner}
          <section
            aria-labelledby={transcriptHeadingId}
            className="rounded-2xl border border-line bg-surface px-2 py-4 shadow-sm sm:px-4"
          >
            <div className="mb-3 flex items-baseline justify-between gap-3 px-2">
              <h2 id={transcriptHeadingId} className="text-xl font-semibold">
                Transcript
              </h2>
              {index ? <SegmentCounter store={segmentStore} total={index.segments.length} /> : null}
            </div>
            {index ? (
              <TranscriptPanel
                index={index}
                audio={audio}
                chapterId={chapterId}
                translation={translation}
                textSize={settings.textSize}
                showTranslations={showTranslations}
                markNewWords={settings.markNewWords}
                newWordIds={newWordIds}
                lineActions={lineActions}
                label={`Transcript of ${title}`}
                onBookmarkLine={onBookmarkLine}
                segmentStore={segmentStore}
                popupContainer={surface}
              />
            ) : (
              <Spinner
                label="Loading audio and transcript..."
                className="justify-start px-2 py-6"
              />
            )}
          </section>
          {after}
        </div>
        {sidebar && desktop ? (
          <aside className="mt-0 self-start md:sticky md:top-36">{sidebar(closeDrawer)}</aside>
        ) : null}
      </div>

      {sidebar && !desktop ? (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal container={surface}>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-3xl border-t border-line bg-canvas p-4 pb-8 shadow-2xl"
            >
              <div className="mb-3 flex items-center justify-between">
                <Dialog.Title className="font-serif text-lg font-semibold">
                  {sidebarTitle}
                </Dialog.Title>
                <Dialog.Close asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Close ${sidebarTitle.toLowerCase()}`}
                  >
                    <X aria-hidden="true" className="size-5" />
                  </Button>
                </Dialog.Close>
              </div>
              {sidebar(closeDrawer)}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}

      <AudioPlayerBar
        audio={audio}
        unavailableText={unavailableText}
        helpOpen={helpOpen}
        onHelpOpenChange={setHelpOpen}
      />
    </div>
  );
}
