import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { FormProvider } from 'react-hook-form';
import { useIsMutating } from '@tanstack/react-query';
import { AudioWaveform, CircleCheck, Info, ScanEye } from 'lucide-react';
import {
  isChapterPublishable,
  type AdminChapter,
  type StorySaveResponse,
} from '#shared/contracts/admin-stories';
import type { StoryStatus } from '#shared/contracts/stories';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { uploadAdminFileMutationKey } from '#client/lib/api/admin/upload-file';
import { useAdminStory } from '../../api/get-admin-story';
import { useSaveStory } from '../../api/save-story';
import { liveNote } from '../../utils/live-note';
import { chapterStudioPath, storyPreviewPath } from '../../utils/story-links';
import { describeSaveError } from './save-error';
import { StepBasicInfo } from './step-basic-info';
import { StepChapters } from './step-chapters';
import { StepCoverImage } from './step-cover-image';
import { StepReview } from './step-review';
import { WizardProgress } from './wizard-progress';
import {
  emptyWizardValues,
  LAST_STEP,
  stepFields,
  toStoryInput,
  WIZARD_STEPS,
  wizardSchema,
  wizardValuesFromStory,
  type WizardStep,
  type WizardValues,
} from './wizard-schema';

export type StoryWizardProps = {
  /** Edit mode when set: the story is loaded and saved with PUT. */
  storyId?: string;
  /** Called when the admin leaves the wizard (after a save, or to go back to the list). */
  onDone: () => void;
  /**
   * Told whether the wizard holds what would be lost on leaving: changes not saved, or an upload
   * on its way (the page asks before leaving then).
   */
  onUnsavedChange?: (unsaved: boolean) => void;
};

/**
 * The four-step story wizard of the Stories tab: create (no `storyId`) or edit. The dashboard
 * shows it in place of the story list and gives it its 'Back to Dashboard' button.
 */
export function StoryWizard({ storyId, onDone, onUnsavedChange }: StoryWizardProps) {
  if (storyId !== undefined) {
    return (
      <EditStoryWizard
        key={storyId}
        storyId={storyId}
        onDone={onDone}
        onUnsavedChange={onUnsavedChange}
      />
    );
  }
  return <CreateStoryWizard onDone={onDone} onUnsavedChange={onUnsavedChange} />;
}

type WizardCallbacks = Pick<StoryWizardProps, 'onDone' | 'onUnsavedChange'>;

function CreateStoryWizard({ onDone, onUnsavedChange }: WizardCallbacks) {
  // 'Create Another Story' starts a fresh form.
  const [round, setRound] = useState(0);
  return (
    <WizardForm
      key={round}
      initialValues={emptyWizardValues()}
      onDone={onDone}
      onUnsavedChange={onUnsavedChange}
      onCreateAnother={() => setRound((current) => current + 1)}
    />
  );
}

function EditStoryWizard({
  storyId,
  onDone,
  onUnsavedChange,
}: WizardCallbacks & { storyId: string }) {
  const story = useAdminStory(storyId);

  // Once loaded, the form owns the values: a later refetch (after saving) never resets it.
  if (story.data) {
    return (
      <WizardForm
        storyId={storyId}
        slug={story.data.slug}
        language={story.data.language}
        currentPosition={story.data.position}
        status={story.data.status}
        initialValues={wizardValuesFromStory(story.data)}
        removedChapters={story.data.removedChapters}
        onDone={onDone}
        onUnsavedChange={onUnsavedChange}
      />
    );
  }
  if (story.isError && !story.isFetching) {
    const reason =
      isApiError(story.error) && story.error.status >= 400 && story.error.status < 500
        ? story.error.message
        : 'Please check your connection and try again.';
    return (
      <Notice
        tone="error"
        title="Failed to Load Story"
        action={<Button onClick={() => void story.refetch()}>Try Again</Button>}
      >
        {reason}
      </Notice>
    );
  }
  return (
    <WizardFrame title="Edit Story">
      <Spinner label="Loading story..." className="py-16" />
    </WizardFrame>
  );
}

/** Opens the story page as a preview of the working copy, in a new tab (the wizard stays). */
function PreviewStoryLink({ slug, variant }: { slug: string; variant: 'secondary' | 'primary' }) {
  return (
    <a
      href={storyPreviewPath(slug)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Preview Story (opens in a new tab)"
      className={buttonClassName({ variant, size: 'sm' })}
    >
      <ScanEye aria-hidden="true" className="size-4" />
      Preview Story
    </a>
  );
}

function WizardFrame({
  title,
  titleRef,
  titleId,
  aside,
  children,
}: {
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  titleId?: string;
  /** Beside the title (the edited story's Preview). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-6 p-5 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={titleRef}
          id={titleId}
          tabIndex={-1}
          className="scroll-mt-24 font-serif text-2xl font-semibold text-ink focus:outline-none"
        >
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}

interface WizardFormProps {
  storyId?: string;
  /** The edited story's address (its Preview). */
  slug?: string;
  /** The story's language, kept on update; new stories are Spanish (the spec's default). */
  language?: string;
  /** The edited story's position in the library now (its review says an empty field keeps it). */
  currentPosition?: number;
  /** The edited story's status (its review says what learners see meanwhile). */
  status?: StoryStatus;
  initialValues: WizardValues;
  /** Chapters of the edited story removed since its last publish (learners still see them). */
  removedChapters?: readonly AdminChapter[];
  onDone: () => void;
  onUnsavedChange?: (unsaved: boolean) => void;
  onCreateAnother?: () => void;
}

const chapterCount = (count: number) => (count === 1 ? '1 chapter' : `${count} chapters`);

/** What the saved story's chapters have, as the success page shows them. */
interface SavedStory {
  title: string;
  slug: string;
  chapters: AdminChapter[];
  /** Chapters whose text the server started aligning with their audio (decision 048). */
  aligning: Set<string>;
  status: StoryStatus;
  hasUnpublishedChanges: boolean;
}

const savedStoryOf = ({ story, alignmentJobs }: StorySaveResponse): SavedStory => ({
  title: story.title,
  slug: story.slug,
  chapters: story.chapters,
  aligning: new Set(alignmentJobs.flatMap((job) => (job.subjectId ? [job.subjectId] : []))),
  status: story.status,
  hasUnpublishedChanges: story.hasUnpublishedChanges,
});

function chapterState(chapter: AdminChapter, aligning: boolean): string {
  if (aligning) return 'Aligning its text with the audio';
  if (chapter.transcriptFileId !== '') return 'Transcript ready';
  if (chapter.audioFileId !== '') return 'No transcript yet: align it in the studio';
  return 'No audio yet';
}

/**
 * The saved story's chapters, each leading to its studio, where an alignment the save started
 * shows its progress (decision 048).
 */
function ChaptersInStudio({ saved }: { saved: SavedStory }) {
  const headingId = useId();
  if (saved.chapters.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="w-full max-w-xl space-y-2 text-left">
      <h3 id={headingId} className="text-center font-semibold text-ink">
        Continue in the Studio
      </h3>
      <ol className="divide-y divide-line rounded-xl border border-line">
        {saved.chapters.map((chapter) => (
          <li key={chapter.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            {/* Too narrow for the text and the button side by side (a phone), the button wraps. */}
            <span className="min-w-0 flex-1 basis-48">
              <span className="block break-words text-ink">
                {chapter.position}. {chapter.title}
              </span>
              <span className="block text-sm text-ink-muted">
                {chapterState(chapter, saved.aligning.has(chapter.id))}
              </span>
            </span>
            <a
              href={chapterStudioPath(chapter.id)}
              aria-label={`Open in Studio: ${chapter.title}`}
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              <AudioWaveform aria-hidden="true" className="size-4" />
              Open in Studio
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

function WizardForm({
  storyId,
  slug,
  language = 'Spanish',
  currentPosition,
  status,
  initialValues,
  removedChapters = [],
  onDone,
  onUnsavedChange,
  onCreateAnother,
}: WizardFormProps) {
  const editing = storyId !== undefined;
  const ids = useId();
  const form = useSchemaForm(wizardSchema, { defaultValues: initialValues, mode: 'onSubmit' });
  const { trigger, watch, getFieldState, getValues } = form;
  const [step, setStep] = useState<WizardStep>(1);
  const [saved, setSaved] = useState<SavedStory | null>(null);
  const save = useSaveStory(storyId);
  const uploading = useIsMutating({ mutationKey: uploadAdminFileMutationKey }) > 0;
  const unsaved = saved === null && (form.formState.isDirty || uploading);

  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [unsaved, onUnsavedChange]);
  useEffect(() => () => onUnsavedChange?.(false), [onUnsavedChange]);

  const titleRef = useRef<HTMLHeadingElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const savedHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusedStep = useRef<WizardStep | null>(null);

  // The wizard takes the panel's place: its title gets focus first, then each new step's heading.
  useEffect(() => {
    if (focusedStep.current === null) titleRef.current?.focus();
    else if (focusedStep.current !== step) stepHeadingRef.current?.focus();
    focusedStep.current = step;
  }, [step]);

  useEffect(() => {
    if (saved) savedHeadingRef.current?.focus();
  }, [saved]);

  // A message stays until its field is fixed: a field (or the chapter list) that failed is
  // checked again at each change.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (!name) return;
      const root = name.split('.')[0] as keyof WizardValues;
      if (getFieldState(root).invalid) void trigger(root);
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger, getFieldState]);

  async function goNext() {
    const valid = await trigger([...stepFields[step]], { shouldFocus: true });
    if (valid) setStep((step + 1) as WizardStep);
  }

  function goBack() {
    save.reset();
    setStep((step - 1) as WizardStep);
  }

  async function saveStory() {
    if (!(await trigger())) {
      // Should not happen (each step was checked), but never send what a step would refuse.
      const failing = ([1, 2, 3] as const).find((candidate) =>
        stepFields[candidate].some((field) => getFieldState(field).invalid),
      );
      if (failing) setStep(failing);
      return;
    }
    save.mutate(toStoryInput(getValues(), language), {
      onSuccess: (response) => {
        const { title } = response.story;
        toast.success(editing ? 'Story Updated' : 'Story Created', { description: title });
        setSaved(savedStoryOf(response));
      },
    });
  }

  if (saved) {
    return (
      <Card className="flex flex-col items-center gap-4 p-5 text-center sm:p-12">
        <CircleCheck aria-hidden="true" className="size-12 text-level-beginner-ink" />
        <h2
          ref={savedHeadingRef}
          tabIndex={-1}
          className="scroll-mt-24 font-serif text-2xl font-semibold text-ink focus:outline-none"
        >
          {editing ? 'Story Updated Successfully!' : 'Story Created Successfully!'}
        </h2>
        <p className="text-ink-muted">
          {editing
            ? `“${saved.title}” was updated with ${chapterCount(saved.chapters.length)}.`
            : `“${saved.title}” was created as a draft with ${chapterCount(saved.chapters.length)}.`}
        </p>
        <p className="flex max-w-xl gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-left text-sm text-ink">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <span>
            {liveNote({
              editing,
              status: saved.status,
              hasUnpublishedChanges: saved.hasUnpublishedChanges,
              // A chapter being aligned gets its transcript from the job: not counted as lacking.
              leftOut: saved.chapters.filter(
                (chapter) => !isChapterPublishable(chapter) && !saved.aligning.has(chapter.id),
              ).length,
            })}
          </span>
        </p>
        <ChaptersInStudio saved={saved} />
        <div className="flex flex-wrap justify-center gap-3">
          <PreviewStoryLink slug={saved.slug} variant="secondary" />
          {editing || !onCreateAnother ? (
            <Button onClick={onDone}>Back to Dashboard</Button>
          ) : (
            <Button onClick={onCreateAnother}>Create Another Story</Button>
          )}
        </div>
      </Card>
    );
  }

  const failure = save.isError ? describeSaveError(save.error, editing) : null;
  const busy = save.isPending || uploading;
  const titleId = `${ids}-title`;

  return (
    <WizardFrame
      title={editing ? 'Edit Story' : 'Create New Story'}
      titleRef={titleRef}
      titleId={titleId}
      aside={slug !== undefined ? <PreviewStoryLink slug={slug} variant="secondary" /> : null}
    >
      <WizardProgress step={step} />
      <FormProvider {...form}>
        <form
          noValidate
          aria-labelledby={titleId}
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (busy) return;
            void (step === LAST_STEP ? saveStory() : goNext());
          }}
        >
          <h3
            ref={stepHeadingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-xl font-semibold text-ink focus:outline-none"
          >
            {WIZARD_STEPS[step - 1]}
          </h3>

          {step === 1 ? <StepBasicInfo /> : null}
          {step === 2 ? <StepCoverImage /> : null}
          {step === 3 ? <StepChapters removedChapters={removedChapters} /> : null}
          {step === 4 ? <StepReview currentPosition={currentPosition} status={status} /> : null}

          {failure ? (
            <Notice
              tone="error"
              headingLevel={3}
              title="Failed to Save Story"
              action={
                <Button type="submit" variant="secondary" disabled={busy}>
                  Try Again
                </Button>
              }
            >
              <p>{failure.message}</p>
              {failure.hint ? <p>{failure.hint}</p> : null}
              {failure.reasons.length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {failure.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ) : null}
            </Notice>
          ) : null}

          <div className="flex items-center justify-between gap-3 border-t border-line pt-5">
            <Button variant="secondary" disabled={step === 1 || busy} onClick={goBack}>
              Previous
            </Button>
            <p role="status" className="text-center text-sm text-ink-muted">
              {uploading ? 'Waiting for the upload to finish...' : ''}
            </p>
            {step === LAST_STEP ? (
              <Button key="save" type="submit" disabled={busy} aria-busy={save.isPending}>
                {save.isPending
                  ? editing
                    ? 'Updating...'
                    : 'Creating...'
                  : editing
                    ? 'Update Story'
                    : 'Create Story'}
              </Button>
            ) : (
              <Button key="next" type="submit" disabled={busy}>
                Next
              </Button>
            )}
          </div>
        </form>
      </FormProvider>
    </WizardFrame>
  );
}
