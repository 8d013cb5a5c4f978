import { useId, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button';
import { Label, TextField } from '#client/components/ui/input';
import { toast } from '#client/lib/toast';
import { recordMigration } from '../hooks/use-migration-history';

export const MIGRATION_NAME_REQUIRED = 'Migration name is required';

const textareaClass =
  'block w-full rounded-xl border border-line bg-surface px-3 py-2 text-sm text-ink shadow-xs ' +
  'placeholder:text-ink-muted/70 focus-visible:border-accent focus-visible:outline-2 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-focus';

/** Records an applied migration in the tracker (this browser only). */
export function RecordMigrationForm({
  onStorageFailure,
}: {
  onStorageFailure: (error: unknown) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [rollbackSql, setRollbackSql] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const descriptionId = useId();
  const rollbackId = useId();
  const nameErrorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(MIGRATION_NAME_REQUIRED);
      return;
    }
    try {
      const record = recordMigration({ name, description, rollbackSql });
      setName('');
      setDescription('');
      setRollbackSql('');
      setNameError(null);
      toast.success('Migration Recorded', { description: record.name });
    } catch (error) {
      onStorageFailure(error);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4 border-t border-line pt-5">
      <h3 className="text-lg font-semibold">Record a migration</h3>
      <div>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(null);
          }}
          maxLength={200}
          required
          aria-required="true"
          aria-invalid={nameError ? true : undefined}
          aria-errormessage={nameError ? nameErrorId : undefined}
          placeholder="0004_add_story_subtitle"
          hint="Usually the file name in src/server/db/migrations."
        />
        {nameError ? (
          <p id={nameErrorId} role="alert" className="mt-1.5 text-sm font-medium text-accent-ink">
            {nameError}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <textarea
          id={descriptionId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={2000}
          rows={2}
          placeholder="What it changes and why"
          className={textareaClass}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={rollbackId}>Rollback SQL</Label>
        <textarea
          id={rollbackId}
          value={rollbackSql}
          onChange={(event) => setRollbackSql(event.target.value)}
          maxLength={100_000}
          rows={4}
          spellCheck={false}
          placeholder={'BEGIN;\nALTER TABLE stories DROP COLUMN subtitle;\nCOMMIT;'}
          className={`${textareaClass} font-mono`}
        />
      </div>
      <Button type="submit" size="sm">
        Record Migration
      </Button>
    </form>
  );
}
