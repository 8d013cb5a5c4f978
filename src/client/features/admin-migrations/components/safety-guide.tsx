import type { ReactNode } from 'react';
import { Accordion } from 'radix-ui';
import { BookOpen, ChevronDown } from 'lucide-react';
import { Panel } from './panel';

function Section({
  value,
  title,
  children,
}: {
  value: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value} className="border-b border-line last:border-b-0">
      <Accordion.Header className="m-0">
        <Accordion.Trigger className="group flex w-full items-center justify-between gap-3 rounded-lg px-1 py-3 text-left font-semibold hover:text-accent-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus">
          {title}
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
          />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="space-y-3 px-1 pb-4 text-ink">{children}</Accordion.Content>
    </Accordion.Item>
  );
}

function Sql({ children, label }: { children: string; label: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto rounded-xl border border-line bg-surface-muted p-3 font-mono text-sm"
    >
      <code>{children}</code>
    </pre>
  );
}

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.9em]">{children}</code>
);

/** How to migrate Relatos' PostgreSQL database safely: a reference in collapsible sections. */
export function SafetyGuide() {
  return (
    <Panel
      id="safety-guide"
      title="Migration Safety Guide"
      icon={BookOpen}
      description={
        <>
          Relatos runs on PostgreSQL. Schema changes are Drizzle migrations in{' '}
          <Code>src/server/db/migrations</Code>, applied by the server when it starts.
        </>
      }
    >
      <Accordion.Root type="multiple" className="rounded-xl border border-line px-3">
        <Section value="checklist" title="Pre-Migration Checklist">
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              <strong>Run a health check.</strong> Open <Code>/api/health</Code>: the database and
              the storage must both answer <Code>ok</Code>.
            </li>
            <li>
              <strong>Run the safety checks</strong> below. Every check should pass; a critical
              failure means the app is already broken and a migration would hide the cause.
            </li>
            <li>
              <strong>Dry-run the SQL.</strong> Paste the migration into Test Mode and Dry-Run and
              read every error, warning and validation issue before going on.
            </li>
            <li>
              <strong>Document the migration</strong> in the migration history: its file name, what
              it changes and why.
            </li>
            <li>
              <strong>Prepare rollback SQL</strong> that undoes it, try it on a copy of the
              database, and save it with the record.
            </li>
          </ol>
        </Section>

        <Section value="practices" title="Best Practices">
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <h4 className="font-semibold text-level-beginner-ink">Do</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                <li>
                  Change <Code>src/server/db/schema.ts</Code>, then write the migration with{' '}
                  <Code>npm run db:generate</Code>.
                </li>
                <li>Keep each migration small, with one purpose.</li>
                <li>
                  Add columns as nullable or with a default, fill them, and only then add{' '}
                  <Code>NOT NULL</Code>.
                </li>
                <li>
                  Take a backup (<Code>pg_dump</Code>) before migrating production.
                </li>
                <li>Apply the migration before deploying code that needs it.</li>
                <li>Record the migration here with its rollback SQL.</li>
              </ul>
            </div>
            <div>
              <h4 className="font-semibold text-accent-ink">Don&apos;t</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                <li>
                  Edit a migration file that has already been applied: Drizzle will not run it
                  again. Write a new one.
                </li>
                <li>
                  Put <Code>BEGIN</Code>/<Code>COMMIT</Code> in a Drizzle migration file: the
                  migrator already runs all pending migrations in one transaction, and a{' '}
                  <Code>COMMIT</Code> in a file would end it early. The dry-run&apos;s
                  transaction-block warning is for SQL you run by hand.
                </li>
                <li>Drop or rename a column while the running code still reads it.</li>
                <li>Hard-code ids copied from one environment into a migration.</li>
                <li>Run destructive SQL without a backup and rollback SQL.</li>
              </ul>
            </div>
          </div>
        </Section>

        <Section value="patterns" title="Common Migration Patterns">
          <p>Add a nullable column (safe, instant):</p>
          <Sql label="Add a nullable column">
            {'ALTER TABLE stories ADD COLUMN subtitle varchar(255);'}
          </Sql>
          <p>Add a required column in steps, so existing rows stay valid:</p>
          <Sql label="Add a required column in steps">
            {[
              'ALTER TABLE stories ADD COLUMN reading_level smallint;',
              'UPDATE stories SET reading_level = 1 WHERE reading_level IS NULL;',
              'ALTER TABLE stories ALTER COLUMN reading_level SET DEFAULT 1;',
              'ALTER TABLE stories ALTER COLUMN reading_level SET NOT NULL;',
            ].join('\n')}
          </Sql>
          <p>Create a table that refers to an existing one:</p>
          <Sql label="Create a table with a foreign key">
            {[
              'CREATE TABLE story_notes (',
              '  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),',
              '  story_id uuid NOT NULL REFERENCES stories(id) ON DELETE CASCADE,',
              '  body text NOT NULL,',
              '  created_at timestamptz NOT NULL DEFAULT now()',
              ');',
              'CREATE INDEX story_notes_story_id_idx ON story_notes (story_id);',
            ].join('\n')}
          </Sql>
          <p>
            Index a large table without blocking writes. <Code>CONCURRENTLY</Code> cannot run inside
            a transaction, so run it by hand with psql rather than in a Drizzle migration:
          </p>
          <Sql label="Create an index concurrently">
            {
              'CREATE INDEX CONCURRENTLY IF NOT EXISTS chapters_story_id_idx ON chapters (story_id);'
            }
          </Sql>
        </Section>

        <Section value="recovery" title="Emergency Recovery Procedures">
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              <strong>Assess.</strong> Check <Code>/api/health</Code> and the server log, run the
              safety checks, and find the last applied migration (
              <Code>
                SELECT * FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1;
              </Code>
              ).
            </li>
            <li>
              <strong>Roll back.</strong> In the migration history, open the migration&apos;s{' '}
              <strong>View Rollback</strong>, copy the SQL and run it with{' '}
              <Code>psql &quot;$DATABASE_URL&quot; -1 -f rollback.sql</Code>. Then delete the
              migration&apos;s row from <Code>drizzle.__drizzle_migrations</Code> and remove the
              migration from <Code>src/server/db/migrations</Code> (its .sql file and its entry in{' '}
              <Code>meta/_journal.json</Code>), or the server applies it again at the next start.
              Finally, mark it as rolled back here.
            </li>
            <li>
              <strong>Manual recovery.</strong> If the rollback is not enough, stop the server and
              restore the backup:{' '}
              <Code>pg_restore --clean -d &quot;$DATABASE_URL&quot; backup.dump</Code>. With the
              embedded database (no <Code>DATABASE_URL</Code>), restore a copy of{' '}
              <Code>DATA_DIR/postgres</Code> taken while the server was stopped.
            </li>
            <li>
              <strong>After recovery.</strong> Run the health check and the safety checks again,
              sign in and play a chapter, and write down what happened and why.
            </li>
          </ol>
        </Section>

        <Section value="issues" title="Common Issues and Solutions">
          <dl className="space-y-3">
            <div>
              <dt className="font-semibold">
                Row-level-security violation (&quot;new row violates row-level security
                policy&quot;)
              </dt>
              <dd className="text-ink-muted">
                Relatos does not use PostgreSQL row-level security: the API server checks who may
                read or change what. You only see this error when a migration enabled row-level
                security on a table or created a policy; the app&apos;s database role then reads no
                rows or cannot write. Undo it (<Code>ALTER TABLE … DISABLE ROW LEVEL SECURITY</Code>
                , <Code>DROP POLICY</Code>) and keep access rules in the server. The dry-run warns
                about policy changes for this reason.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">
                Permission denied (&quot;permission denied for table …&quot;)
              </dt>
              <dd className="text-ink-muted">
                The role in <Code>DATABASE_URL</Code> does not own the object and has no grant on
                it, usually because it was created by hand as another role. Create objects as the
                app&apos;s role, or run <Code>ALTER TABLE … OWNER TO</Code> that role (or{' '}
                <Code>GRANT</Code> the needed rights).
              </dd>
            </div>
            <div>
              <dt className="font-semibold">
                Column missing (&quot;column … does not exist&quot;)
              </dt>
              <dd className="text-ink-muted">
                The running code expects a column the database does not have: the migration has not
                been applied yet (migrations apply when the server starts, so restart it and check{' '}
                <Code>drizzle.__drizzle_migrations</Code>), or a column was dropped while code still
                reads it. Apply migrations first, deploy code second, and drop columns only once no
                code reads them.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Storage access denied</dt>
              <dd className="text-ink-muted">
                Files are not in the database. On disk they live in{' '}
                <Code>DATA_DIR/storage/&lt;bucket&gt;</Code>: the server&apos;s user must be able to
                read and write there. With S3 (<Code>S3_BUCKET</Code> set), check the{' '}
                <Code>S3_*</Code> credentials and the bucket&apos;s policy. The Storage buckets
                safety check shows the exact cause.
              </dd>
            </div>
          </dl>
        </Section>

        <Section value="reference" title="Quick Reference">
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            <dt>
              <Code>npm run db:generate</Code>
            </dt>
            <dd className="text-ink-muted">Writes a migration from the changes to schema.ts.</dd>
            <dt>
              <Code>npm start</Code>
            </dt>
            <dd className="text-ink-muted">Applies pending migrations, then serves the app.</dd>
            <dt>
              <Code>GET /api/health</Code>
            </dt>
            <dd className="text-ink-muted">Database and storage status.</dd>
            <dt>
              <Code>pg_dump -Fc &quot;$DATABASE_URL&quot; &gt; backup.dump</Code>
            </dt>
            <dd className="text-ink-muted">Backup before migrating.</dd>
            <dt>
              <Code>psql &quot;$DATABASE_URL&quot; -1 -f file.sql</Code>
            </dt>
            <dd className="text-ink-muted">Runs a SQL file by hand in one transaction.</dd>
            <dt>
              <Code>drizzle.__drizzle_migrations</Code>
            </dt>
            <dd className="text-ink-muted">The table where Drizzle records applied migrations.</dd>
          </dl>
        </Section>
      </Accordion.Root>
    </Panel>
  );
}
