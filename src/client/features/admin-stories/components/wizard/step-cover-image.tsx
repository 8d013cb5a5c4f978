import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ImagePlus, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/field';
import { toast } from '#client/lib/toast';
import { coverCropNote } from '../../utils/cover-crop';
import { FileUploadButton } from './file-upload-button';
import type { WizardValues } from './wizard-schema';

/**
 * Step 2: the cover, uploaded to the series-images bucket, with a preview as learners see it
 * (and what of the image is cut off when it is not 4:3) and a remove button.
 */
export function StepCoverImage() {
  const ids = useId();
  const guidelinesId = `${ids}-guidelines`;
  const errorId = `${ids}-error`;
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const imageUrl = useWatch({ control, name: 'imageUrl' });
  const error = errors.imageUrl?.message;
  const [removed, setRemoved] = useState(false);
  // The shown image's own size, read once it has loaded (tied to its URL, so a new one waits).
  const [loaded, setLoaded] = useState<{ url: string; width: number; height: number } | null>(null);
  const cropNote =
    loaded && loaded.url === imageUrl ? coverCropNote(loaded.width, loaded.height) : null;

  const setCover = (url: string) =>
    setValue('imageUrl', url, { shouldDirty: true, shouldValidate: errors.imageUrl !== undefined });

  return (
    <div className="space-y-5">
      {imageUrl ? (
        <figure className="space-y-3">
          {/* At 4:3, cut around its centre, as every page shows a cover (COVER_ASPECT). */}
          <img
            src={imageUrl}
            alt="Cover image preview"
            onLoad={(event) =>
              setLoaded({
                url: imageUrl,
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            className="aspect-[4/3] w-full max-w-md rounded-xl border border-line object-cover"
          />
          <figcaption className="max-w-md text-sm text-ink-muted">
            As learners see it, at 4:3.
            {cropNote ? ` ${cropNote}` : null}
          </figcaption>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setRemoved(true);
              setCover('');
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove Cover Image
          </Button>
        </figure>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-line px-6 py-10 text-center">
          <ImagePlus aria-hidden="true" className="size-10 text-ink-muted" />
          <p className="text-ink-muted">Upload a cover image for the story.</p>
          <FileUploadButton
            kind="cover"
            inputLabel="Cover image file"
            describedBy={[error ? errorId : undefined, guidelinesId].filter(Boolean).join(' ')}
            focusOnMount={removed}
            onUploaded={(file) => {
              if (file.publicUrl) setCover(file.publicUrl);
              else
                toast.error('Upload failed', { description: 'The image has no public address.' });
            }}
          >
            Upload Cover Image
          </FileUploadButton>
        </div>
      )}
      {error ? (
        <div role="alert">
          <FieldError id={errorId} className="mt-1.5">
            {error}
          </FieldError>
        </div>
      ) : null}
      <div
        id={guidelinesId}
        className="rounded-xl bg-surface-muted px-4 py-3 text-sm text-ink-muted"
      >
        <p className="font-medium text-ink">Image guidelines</p>
        <ul className="mt-1 list-disc pl-5">
          <li>Recommended size: at least 800x600 pixels</li>
          <li>Formats: JPEG, PNG, WebP</li>
          <li>Maximum file size: 5MB</li>
        </ul>
      </div>
    </div>
  );
}
