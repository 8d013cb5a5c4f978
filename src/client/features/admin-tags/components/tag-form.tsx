import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  checkTrackingTag,
  SCRIPT_CONTENT_MAX_BYTES,
  trackingTagIdRules,
  trackingTagPositionLabels,
  trackingTagPositions,
  trackingTagTypeLabels,
  trackingTagTypes,
  type AdminTrackingTag,
  type TrackingTagFieldErrors,
  type TrackingTagPosition,
  type TrackingTagType,
} from '#shared/contracts/admin-tags';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { CheckboxField, inputClassName, Label } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useCreateTrackingTag } from '../api/create-tracking-tag';
import { useUpdateTrackingTag } from '../api/update-tracking-tag';

interface FormFields {
  tagName: string;
  tagType: TrackingTagType;
  tagId: string;
  scriptContent: string;
  position: TrackingTagPosition;
  isActive: boolean;
}

const fieldsOf = (tag: AdminTrackingTag | null): FormFields => ({
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
  const details = error.details as { fields?: TrackingTagFieldErrors } | undefined;
  return details?.fields ?? {};
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
  const [fields, setFields] = useState<FormFields>(() => fieldsOf(editing));
  const [errors, setErrors] = useState<TrackingTagFieldErrors>({});
  const create = useCreateTrackingTag();
  const update = useUpdateTrackingTag();
  const pending = create.isPending || update.isPending;
  const controls = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement>>>({});
  const headingId = useId();
  const noteId = useId();

  useEffect(() => {
    // Chosen from the list: bring the form to the administrator.
    if (editing) controls.current.tagName?.focus();
  }, [editing]);

  const set = <K extends keyof FormFields>(name: K, value: FormFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (name in errors) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const showErrors = (next: TrackingTagFieldErrors) => {
    setErrors(next);
    const first = fieldOrder.find((name) => next[name]);
    if (first) controls.current[first]?.focus();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const result = checkTrackingTag(fields);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    if (editing) {
      update.mutate(
        { id: editing.id, changes: result.value },
        {
          onSuccess: () => {
            toast.success('Tag updated');
            onDone();
          },
          onError: (error) => {
            toast.error('Failed to update tag', { description: error.message });
            showErrors(serverFieldErrors(error));
          },
        },
      );
    } else {
      create.mutate(result.value, {
        onSuccess: () => {
          toast.success('Tag created');
          setFields(fieldsOf(null));
        },
        onError: (error) => {
          toast.error('Failed to create tag', { description: error.message });
          showErrors(serverFieldErrors(error));
        },
      });
    }
  }

  const idRule = fields.tagType === 'custom' ? null : trackingTagIdRules[fields.tagType];

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
        onSubmit={onSubmit}
        aria-describedby={noteId}
        aria-labelledby={headingId}
        className="mt-5 space-y-5"
      >
        <Field
          label="Tag Name"
          error={errors.tagName}
          render={(props) => (
            <input
              {...props}
              ref={(element) => {
                controls.current.tagName = element ?? undefined;
              }}
              type="text"
              name="tagName"
              autoComplete="off"
              placeholder="Main analytics"
              value={fields.tagName}
              onChange={(event) => set('tagName', event.target.value)}
              required
              className={inputClassName}
            />
          )}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Tag Type"
            render={(props) => (
              <select
                {...props}
                name="tagType"
                value={fields.tagType}
                onChange={(event) => set('tagType', event.target.value as TrackingTagType)}
                className={inputClassName}
              >
                {trackingTagTypes.map((type) => (
                  <option key={type} value={type}>
                    {trackingTagTypeLabels[type]}
                  </option>
                ))}
              </select>
            )}
          />
          <Field
            label="Position"
            hint="Where the tag's script is placed in the page."
            render={(props) => (
              <select
                {...props}
                name="position"
                value={fields.position}
                onChange={(event) => set('position', event.target.value as TrackingTagPosition)}
                className={inputClassName}
              >
                {trackingTagPositions.map((position) => (
                  <option key={position} value={position}>
                    {trackingTagPositionLabels[position]}
                  </option>
                ))}
              </select>
            )}
          />
        </div>

        {idRule ? (
          <Field
            label={idRule.label}
            hint={`For example ${idRule.placeholder}.`}
            error={errors.tagId}
            render={(props) => (
              <input
                {...props}
                ref={(element) => {
                  controls.current.tagId = element ?? undefined;
                }}
                type="text"
                name="tagId"
                autoComplete="off"
                spellCheck={false}
                placeholder={idRule.placeholder}
                value={fields.tagId}
                onChange={(event) => set('tagId', event.target.value)}
                required
                className={cn(inputClassName, 'font-mono')}
              />
            )}
          />
        ) : (
          <Field
            label="Script Content"
            hint={`The snippet your provider gives, script tags included (at most ${SCRIPT_CONTENT_MAX_BYTES / 1024} KB). Event-handler attributes and javascript: addresses are removed.`}
            error={errors.scriptContent}
            render={(props) => (
              <textarea
                {...props}
                ref={(element) => {
                  controls.current.scriptContent = element ?? undefined;
                }}
                name="scriptContent"
                rows={8}
                spellCheck={false}
                placeholder={'<script>\n  // your snippet\n</script>'}
                value={fields.scriptContent}
                onChange={(event) => set('scriptContent', event.target.value)}
                required
                className={cn(inputClassName, 'h-auto py-2 font-mono text-sm')}
              />
            )}
          />
        )}

        <CheckboxField
          label="Active"
          hint="Inactive tags stay in this list but are not added to any page."
          name="isActive"
          checked={fields.isActive}
          onChange={(event) => set('isActive', event.target.checked)}
        />

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

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, its control, a hint and the field's error, wired together for assistive technology. */
function Field({
  label,
  hint,
  error,
  render,
}: {
  label: string;
  hint?: string;
  error?: string;
  render: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {render({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-accent-ink">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
