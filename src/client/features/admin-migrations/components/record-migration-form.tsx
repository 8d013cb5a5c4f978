import { z } from 'zod';
import { migrationRecordSchema } from '#shared/contracts/admin-migrations';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input, Textarea } from '#client/components/ui/input';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { recordMigration } from '../hooks/use-migration-history';

export const MIGRATION_NAME_REQUIRED = 'Migration name is required';

/** The typed part of a stored record (the shared schema); a name of spaces is no name. */
const recordFormSchema = migrationRecordSchema
  .pick({ description: true, rollbackSql: true })
  .extend({ name: z.string().trim().pipe(migrationRecordSchema.shape.name) });

const emptyRecord = { name: '', description: '', rollbackSql: '' };

/** Records an applied migration in the tracker (this browser only). */
export function RecordMigrationForm({
  onStorageFailure,
}: {
  onStorageFailure: (error: unknown) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useSchemaForm(recordFormSchema, {
    defaultValues: emptyRecord,
    wording: () => MIGRATION_NAME_REQUIRED,
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit((input) => {
    try {
      const record = recordMigration(input);
      reset(emptyRecord);
      toast.success('Migration Recorded', { description: record.name });
    } catch (error) {
      onStorageFailure(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 space-y-4 border-t border-line pt-5"
    >
      <h3 className="text-lg font-semibold">Record a migration</h3>
      <Field
        label="Name"
        error={errors.name?.message}
        announceError
        hint="Usually the file name in src/server/db/migrations."
      >
        <Input
          maxLength={200}
          required
          aria-required="true"
          placeholder="0004_add_story_subtitle"
          {...register('name', { onChange: () => clearErrors('name') })}
        />
      </Field>
      <Field label="Description">
        <Textarea
          maxLength={2000}
          rows={2}
          placeholder="What it changes and why"
          className="text-sm"
          {...register('description')}
        />
      </Field>
      <Field label="Rollback SQL">
        <Textarea
          maxLength={100_000}
          rows={4}
          spellCheck={false}
          placeholder={'BEGIN;\nALTER TABLE stories DROP COLUMN subtitle;\nCOMMIT;'}
          className="font-mono text-sm"
          {...register('rollbackSql')}
        />
      </Field>
      <Button type="submit" size="sm">
        Record Migration
      </Button>
    </form>
  );
}
