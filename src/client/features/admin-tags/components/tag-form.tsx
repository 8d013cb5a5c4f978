import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  checkTrackingTag,
  createTrackingTagBodySchema,
  SCRIPT_CONTENT_MAX_BYTES,
  trackingTagIdRules,
  trackingTagPositionLabels,
  trackingTagPositions,
  trackingTagTypeLabels,
  trackingTagTypes,
  type AdminTrackingTag,
  type TrackingTagFieldErrors,
} from '#shared/contracts/admin-tags';
import { SNIPPET_HINT } from '#shared/discover/tracking-snippet';
import type { ErrorDetails } from '#shared/errors';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Field } from '#client/components/ui/field';
import { Checkbox, Input, Select, Textarea } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { useCreateTrackingTag } from '../api/create-tracking-tag';
import { useUpdateTrackingTag } from '../api/update-tracking-tag';

/**
 * The body's shape from the contract, checked by the shared rules (the API runs the same ones):
 * what is sent is their result, trimmed and with only the field its type uses.
 */
const tagFormSchema = createTrackingTagBodySchema.transform((fields, context) => {
  const checked = checkTrackingTag(fields);
  if (checked.ok) return checked.value;
  for (const [path, message] of Object.entries(checked.errors)) {
    context.addIssue({ code: 'custom', path: [path], message });
  }
  return z.NEVER;
});
type TagFormValues = z.input<typeof tagFormSchema>;

const fieldsOf = (tag: AdminTrackingTag | null): Required<TagFormValues> => ({
  tagName: tag?.tagName ?? '',
  tagType: tag?.tagType ?? 'gtm',
  tagId: tag?.tagId ?? '',
  scriptContent: tag?.scriptContent ?? '',
  position: tag?.position ?? 'head',
  isActive: tag?.isActive ?? true,
});

type FieldName = keyof TrackingTagFieldErrors;
const fieldOrder: readonly FieldName[] = ['tagName', 'tagId', 'scriptContent'];

/** The API's per-field messages of a refused save (400 VALIDATION_ERROR, `details.fields`). */
function serverFieldErrors(error: unknown): TrackingTagFieldErrors {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR') return {};
  // The API client read the body with the shared error shape (apiErrorSchema).
  return (error.details as ErrorDetails | undefined)?.fields ?? {};
}

export interface TagFormProps {
  /** The tag being edited, or null to add a new one. Give the form a `key` per tag. */
  editing: AdminTrackingTag | null;
  /** Editing is over (saved or cancelled). */
  onDone: () => void;
}

/**
 * The add and edit form (admin spec: "Tracking tags screen"). The tag id input shows for gtm,
 * ga4 and facebook, the script input for custom; the shared rules check both before sending.
 */
export function TagForm({ editing, onDone }: TagFormProps) {
  const create = useCreateTrackingTag();
  const update = useUpdateTrackingTag();
  const pending = create.isPending || update.isPending;
  const headingId = useId();
  const noteId = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useSchemaForm(tagFormSchema, { defaultValues: fieldsOf(editing) });
  const tagType = useWatch({ control, name: 'tagType' });

  useEffect(() => {
    // Chosen from the list: bring the form to the administrator.
    if (editing) setFocus('tagName');
  }, [editing, setFocus]);

  /** A field's message goes as soon as the field is changed. */
  const field = (name: FieldName) => register(name, { onChange: () => clearErrors(name) });

  const showServerErrors = (error: unknown) => {
    const found = serverFieldErrors(error);
    for (const name of fieldOrder) {
      const message = found[name];
      if (message) setError(name, { type: 'server', message });
    }
    const first = fieldOrder.find((name) => found[name]);
    if (first) setFocus(first);
  };

  const onSubmit = handleSubmit((tag) => {
    if (pending) return;
    if (editing) {
      update.mutate(
        { id: editing.id, changes: tag },
        {
          onSuccess: () => {
            toast.success('Tag updated');
            onDone();
          },
          onError: (error) => {
            toast.error('Failed to update tag', { description: error.message });
            showServerErrors(error);
          },
        },
      );
    } else {
      create.mutate(tag, {
        onSuccess: () => {
          toast.success('Tag created');
          reset(fieldsOf(null));
        },
        onError: (error) => {
          toast.error('Failed to create tag', { description: error.message });
          showServerErrors(error);
        },
      });
    }
  });

  const idRule = tagType === 'custom' ? null : trackingTagIdRules[tagType];

  return (
    <Card className="p-5 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {editing ? 'Edit Tracking Tag' : 'Add Tracking Tag'}
      </h2>
      <p id={noteId} className="mt-2 text-sm text-ink-muted">
        Active tags load on the public pages, after the page itself. They never run on admin pages,
        nor when the site is opened on localhost or 127.0.0.1. Scripts must come from https
        addresses; any other source is blocked.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-describedby={noteId}
        aria-labelledby={headingId}
        className="mt-5 space-y-5"
      >
        <Field label="Tag Name" error={errors.tagName?.message}>
          <Input
            type="text"
            autoComplete="off"
            placeholder="Main analytics"
            required
            {...field('tagName')}
          />
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Tag Type">
            <Select {...register('tagType')}>
              {trackingTagTypes.map((type) => (
                <option key={type} value={type}>
                  {trackingTagTypeLabels[type]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Position" hint="Where the tag's script is placed in the page.">
            <Select {...register('position')}>
              {trackingTagPositions.map((position) => (
                <option key={position} value={position}>
                  {trackingTagPositionLabels[position]}
                </option>
              ))}
            </Select>
          </Field>
        </div>

        {idRule ? (
          <Field
            label={idRule.label}
            hint={`For example ${idRule.placeholder}.`}
            error={errors.tagId?.message}
          >
            <Input
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder={idRule.placeholder}
              required
              className="font-mono"
              {...field('tagId')}
            />
          </Field>
        ) : (
          <Field
            label="Script Content"
            hint={`${SNIPPET_HINT} At most ${SCRIPT_CONTENT_MAX_BYTES / 1024} KB; script sources must be https. The <noscript> part is kept but not added to pages, which need JavaScript anyway.`}
            error={errors.scriptContent?.message}
          >
            <Textarea
              rows={8}
              spellCheck={false}
              placeholder={
                "<!-- Google Tag Manager -->\n<script>(function(w,d,s,l,i){…})(window,document,'script','dataLayer','GTM-XXXXXXX');</script>\n<!-- End Google Tag Manager -->"
              }
              required
              className="font-mono text-sm"
              {...field('scriptContent')}
            />
          </Field>
        )}

        <Field
          label="Active"
          hint="Inactive tags stay in this list but are not added to any page."
          layout="inline"
        >
          <Checkbox {...register('isActive')} />
        </Field>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {editing ? (
            <Button variant="secondary" onClick={onDone} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Saving...' : editing ? 'Update Tag' : 'Add Tag'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
