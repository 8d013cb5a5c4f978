import {
  MIGRATION_DESCRIPTION_MAX,
  MIGRATION_NAME_MAX,
  ROLLBACK_SQL_MAX,
  migrationRecordInputSchema,
} from '#shared/contracts/admin-migrations';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input, Textarea } from '#client/components/ui/input';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { useCreateMigrationRecord } from '../api/create-migration-record';

const emptyRecord = { name: '', description: '', rollbackSql: '' };

/** Records an applied migration in the tracker (in the database, for every administrator). */
export function RecordMigrationForm() {
  const create = useCreateMigrationRecord();
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useSchemaForm(migrationRecordInputSchema, {
    defaultValues: emptyRecord,
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: ({ record }) => {
        reset(emptyRecord);
        toast.success('Migration Recorded', { description: record.name });
      },
      onError: (error) => {
        toast.error('Error', {
          description: `The migration could not be recorded: ${error.message}`,
        });
      },
    });
  });

  return (
    <form
      noValidate
      aria-labelledby="record-migration-heading"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 space-y-4 border-t border-line pt-5"
    >
      <h3 id="record-migration-heading" className="text-lg font-semibold">
        Record a migration
      </h3>
      <Field
        label="Name"
        error={errors.name?.message}
        announceError
        hint="Usually the file name in src/server/db/migrations."
      >
        <Input
          maxLength={MIGRATION_NAME_MAX}
          required
          aria-required="true"
          placeholder="0007_add_story_subtitle"
          {...register('name', { onChange: () => clearErrors('name') })}
        />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Textarea
          maxLength={MIGRATION_DESCRIPTION_MAX}
          rows={2}
          placeholder="What it changes and why"
          className="text-sm"
          {...register('description')}
        />
      </Field>
      <Field label="Rollback SQL" error={errors.rollbackSql?.message}>
        <Textarea
          maxLength={ROLLBACK_SQL_MAX}
          rows={4}
          spellCheck={false}
          placeholder={'BEGIN;\nALTER TABLE stories DROP COLUMN subtitle;\nCOMMIT;'}
          className="font-mono text-sm"
          {...register('rollbackSql')}
        />
      </Field>
      <Button type="submit" size="sm" disabled={create.isPending}>
        {create.isPending ? 'Recording...' : 'Record Migration'}
      </Button>
    </form>
  );
}
