import { describe, expect, it } from 'vitest';
import {
  analyseMigration,
  destructiveMessages as d,
  dropMessage,
  dryRun,
  dryRunMessages as m,
  isDestructiveWarning,
  MAX_DRY_RUN_SQL_LENGTH,
  validate,
} from './dry-run.ts';

/** Wraps statements in a transaction block so only the rule under test speaks. */
const tx = (sql: string) => `BEGIN;\n${sql}\nCOMMIT;`;

describe('dry-run messages', () => {
  it('are the spec texts, verbatim', () => {
    expect(m).toEqual({
      dropDatabase: 'DROP DATABASE detected - extremely dangerous',
      truncate: 'TRUNCATE TABLE detected - data loss risk',
      dropTableCascade: 'DROP TABLE CASCADE detected - may affect dependent objects',
      dropColumn: 'DROP COLUMN detected - data loss risk',
      policyChange: 'RLS policy changes detected - verify authentication flows after migration',
      noTransaction: 'No transaction block detected - consider wrapping migration in BEGIN/COMMIT',
      noStatements: 'No valid SQL statements found',
      authUsers: 'Direct modification of auth.users detected - use triggers and functions instead',
      hardcodedUuid: 'Hardcoded UUIDs detected - ensure these are intentional',
      analysisFailed: 'Dry-run analysis failed: ',
    });
  });
});

describe('dryRun: errors', () => {
  it.each([
    'DROP DATABASE relatos;',
    'drop database if exists relatos;',
    'Drop\n\tDatabase relatos',
    'DO $$ BEGIN EXECUTE format(%s); DROP DATABASE x; END $$;',
  ])('DROP DATABASE is an error and fails the dry-run: %s', (sql) => {
    const result = dryRun(tx(sql));
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([m.dropDatabase]);
  });

  it.each([
    '-- DROP DATABASE relatos\nSELECT 1;',
    '/* DROP DATABASE relatos */ SELECT 1;',
    "INSERT INTO notes (body) VALUES ('never DROP DATABASE');",
    'COMMENT ON TABLE stories IS $$DROP DATABASE$$;',
    'SELECT 1 AS drop_database;',
    'ALTER TABLE stories DROP COLUMN database_name;',
  ])('DROP DATABASE in a comment, a string or a name is not an error: %s', (sql) => {
    const result = dryRun(tx(sql));
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
  });

  it('reports an internal failure as an error instead of throwing', () => {
    const result = dryRun(undefined as unknown as string);
    expect(result.success).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^Dry-run analysis failed: .+/);
    expect(result.warnings).toEqual([]);
    expect(result.affectedTables).toEqual([]);
  });
});

describe('dryRun: warnings', () => {
  const cases: Array<[string, string, string[]]> = [
    ['TRUNCATE TABLE', 'TRUNCATE TABLE user_story_progress;', [m.truncate]],
    ['lower-case truncate table', 'truncate table public.bookmarks;', [m.truncate]],
    ['TRUNCATE without TABLE (same effect)', 'TRUNCATE bookmarks, feedback;', [m.truncate]],
    [
      'DROP TABLE … CASCADE',
      'DROP TABLE stories CASCADE;',
      [m.dropTableCascade, dropMessage('TABLE')],
    ],
    [
      'DROP TABLE IF EXISTS … CASCADE on several lines',
      'DROP TABLE IF EXISTS\n  public.stories,\n  chapters\nCASCADE;',
      [m.dropTableCascade, dropMessage('TABLE')],
    ],
    ['ALTER TABLE … DROP COLUMN', 'ALTER TABLE stories DROP COLUMN image_url;', [m.dropColumn]],
    [
      'DROP COLUMN IF EXISTS among other actions',
      'ALTER TABLE ONLY public.stories ADD COLUMN x int, DROP COLUMN IF EXISTS image_url;',
      [m.dropColumn],
    ],
    ['DROP without COLUMN (same effect)', 'ALTER TABLE stories DROP image_url;', [m.dropColumn]],
    ['CREATE POLICY', 'CREATE POLICY own_rows ON bookmarks USING (true);', [m.policyChange]],
    ['DROP POLICY', 'DROP POLICY IF EXISTS own_rows ON bookmarks;', [m.policyChange]],
    ['ALTER POLICY', 'alter policy own_rows on bookmarks rename to mine;', [m.policyChange]],
    [
      'ENABLE ROW LEVEL SECURITY',
      'ALTER TABLE bookmarks ENABLE ROW LEVEL SECURITY;',
      [m.policyChange],
    ],
  ];

  it.each(cases)('%s', (_name, sql, warnings) => {
    const result = dryRun(tx(sql));
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual(warnings);
  });

  it('DROP TABLE without CASCADE has no CASCADE warning, also beside a foreign key cascade', () => {
    expect(dryRun(tx('DROP TABLE old_notes;')).warnings).toEqual([dropMessage('TABLE')]);
    const sql =
      'DROP TABLE old_notes; ALTER TABLE t ADD CONSTRAINT c FOREIGN KEY (a) REFERENCES b ON DELETE CASCADE;';
    expect(dryRun(tx(sql)).warnings).toEqual([dropMessage('TABLE')]);
  });

  it.each([
    ['DROP CONSTRAINT', 'ALTER TABLE stories DROP CONSTRAINT stories_position_check;'],
    ['DROP DEFAULT of a column', 'ALTER TABLE stories ALTER COLUMN position DROP DEFAULT;'],
    ['DROP NOT NULL of a column', 'ALTER TABLE stories ALTER COLUMN image_url DROP NOT NULL;'],
    ['DROP COLUMN outside ALTER TABLE (in a string)', "SELECT 'ALTER TABLE t DROP COLUMN c';"],
    ['the TRUNCATE privilege', 'GRANT SELECT, TRUNCATE ON stories TO reporting;'],
    ['the TRUNCATE privilege first', 'REVOKE TRUNCATE, DELETE ON stories FROM reporting;'],
    ['a policy word in a comment', '-- CREATE POLICY later\nSELECT 1;'],
    ['TRUNCATE in a string value', "UPDATE notes SET body = 'TRUNCATE TABLE x' WHERE id = 1;"],
    ['date_trunc', "SELECT date_trunc('day', now());"],
  ])('no warning: %s', (_name, sql) => {
    const result = dryRun(tx(sql));
    expect(result.warnings).toEqual([]);
  });

  it('lists each warning once, in the spec order', () => {
    const result = dryRun(
      [
        'CREATE POLICY p ON t USING (true);',
        'ALTER TABLE a DROP COLUMN b;',
        'ALTER TABLE a DROP COLUMN c;',
        'DROP TABLE a CASCADE;',
        'TRUNCATE TABLE x;',
        'TRUNCATE TABLE y;',
      ].join('\n'),
    );
    expect(result.warnings).toEqual([
      m.truncate,
      m.dropTableCascade,
      m.dropColumn,
      dropMessage('TABLE'),
      m.policyChange,
      m.noTransaction,
    ]);
    expect(result.success).toBe(true);
  });

  it('reads DO block bodies as SQL that will run', () => {
    const result = dryRun(tx('DO $$ BEGIN TRUNCATE TABLE feedback; END $$;'));
    expect(result.warnings).toEqual([m.truncate]);
  });
});

describe('dryRun: destructive statements beyond the spec list (issue 12)', () => {
  const cases: Array<[string, string, string[]]> = [
    ['DROP TABLE', 'DROP TABLE old_notes;', [dropMessage('TABLE')]],
    [
      'DROP TABLE IF EXISTS, quoted',
      'DROP TABLE IF EXISTS "public"."notes";',
      [dropMessage('TABLE')],
    ],
    ['DROP SCHEMA', 'DROP SCHEMA archive;', [dropMessage('SCHEMA')]],
    ['DROP SCHEMA … CASCADE', 'DROP SCHEMA archive CASCADE;', [dropMessage('SCHEMA'), d.cascade]],
    ['DROP INDEX', 'DROP INDEX stories_title_idx;', [dropMessage('INDEX')]],
    [
      'DROP INDEX CONCURRENTLY IF EXISTS',
      'DROP INDEX CONCURRENTLY IF EXISTS public.stories_title_idx;',
      [dropMessage('INDEX')],
    ],
    ['DROP VIEW', 'DROP VIEW story_stats;', [dropMessage('VIEW')]],
    [
      'DROP MATERIALIZED VIEW',
      'DROP MATERIALIZED VIEW story_totals;',
      [dropMessage('MATERIALIZED VIEW')],
    ],
    ['DROP TYPE', 'DROP TYPE story_level;', [dropMessage('TYPE')]],
    ['DROP FUNCTION', 'DROP FUNCTION touch_updated_at();', [dropMessage('FUNCTION')]],
    ['DROP SEQUENCE', 'DROP SEQUENCE IF EXISTS ticket_seq;', [dropMessage('SEQUENCE')]],
    ['DROP TRIGGER', 'DROP TRIGGER stamp ON stories;', [dropMessage('TRIGGER')]],
    ['DROP OWNED', 'DROP OWNED BY reporting;', [dropMessage('OWNED')]],
    ['DROP TYPE … CASCADE', 'DROP TYPE mood CASCADE;', [dropMessage('TYPE'), d.cascade]],
    ['TRUNCATE … CASCADE', 'TRUNCATE stories CASCADE;', [m.truncate, d.cascade]],
    [
      'DROP CONSTRAINT … CASCADE',
      'ALTER TABLE stories DROP CONSTRAINT stories_pkey CASCADE;',
      [d.cascade],
    ],
    [
      'DROP COLUMN … CASCADE',
      'ALTER TABLE stories DROP COLUMN level CASCADE;',
      [m.dropColumn, d.cascade],
    ],
    [
      'ALTER COLUMN … TYPE',
      'ALTER TABLE stories ALTER COLUMN title TYPE varchar(20);',
      [d.alterColumnType],
    ],
    [
      'ALTER … SET DATA TYPE without COLUMN',
      'ALTER TABLE stories ALTER "title" SET DATA TYPE text USING title::text;',
      [d.alterColumnType],
    ],
    [
      'ALTER COLUMN TYPE among other actions',
      'ALTER TABLE stories ADD COLUMN x int, ALTER COLUMN position TYPE smallint;',
      [d.alterColumnType],
    ],
    ['DELETE without WHERE', 'DELETE FROM bookmarks;', [d.deleteWithoutWhere]],
    ['DELETE FROM ONLY', 'delete from only public.bookmarks returning id;', [d.deleteWithoutWhere]],
    [
      'DELETE whose only WHERE is in a subquery',
      'DELETE FROM bookmarks USING (SELECT id FROM users WHERE banned) AS b;',
      [d.deleteWithoutWhere],
    ],
    ['DELETE … WHERE true', 'DELETE FROM bookmarks WHERE TRUE;', [d.deleteWithoutWhere]],
    [
      'DELETE … WHERE 1 = 1',
      'DELETE FROM bookmarks WHERE 1 = 1 RETURNING *;',
      [d.deleteWithoutWhere],
    ],
    [
      'DELETE in a WITH query',
      'WITH gone AS (DELETE FROM bookmarks RETURNING id) SELECT count(*) FROM gone;',
      [d.deleteWithoutWhere],
    ],
    ['UPDATE without WHERE', "UPDATE stories SET status = 'draft';", [d.updateWithoutWhere]],
    [
      'UPDATE with an alias and a schema',
      'UPDATE public.stories AS s SET position = s.position + 1;',
      [d.updateWithoutWhere],
    ],
    [
      'UPDATE whose only WHERE is in a subquery',
      'UPDATE stories SET title = (SELECT title FROM drafts WHERE drafts.id = stories.id);',
      [d.updateWithoutWhere],
    ],
    [
      'UPDATE … FROM without WHERE',
      'UPDATE stories SET level = l.name FROM levels l;',
      [d.updateWithoutWhere],
    ],
    [
      'UPDATE without WHERE in a function body',
      "CREATE FUNCTION reset() RETURNS void AS $$ BEGIN UPDATE stories SET status = 'draft'; END $$ LANGUAGE plpgsql;",
      [d.updateWithoutWhere],
    ],
    [
      'DELETE without WHERE run as dynamic SQL',
      "DO $$ BEGIN EXECUTE 'DELETE FROM ' || quote_ident(t); END $$;",
      [d.deleteWithoutWhere],
    ],
    [
      'a stored DELETE for a later EXECUTE',
      "DO $$ DECLARE q text := 'DELETE FROM bookmarks'; BEGIN EXECUTE q; END $$;",
      [d.deleteWithoutWhere],
    ],
  ];

  it.each(cases)('warns: %s', (_name, sql, warnings) => {
    const result = dryRun(tx(sql));
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual(warnings);
    expect(result.destructive).toBe(true);
    expect(analyseMigration(tx(sql)).passed).toBe(false);
  });

  // The same statements written to slip past a careless reader.
  it.each<[string, string, string[]]>([
    ['lower case', 'drop table old_notes;', [dropMessage('TABLE')]],
    ['mixed case', 'DrOp ScHeMa archive;', [dropMessage('SCHEMA')]],
    ['tabs and newlines', 'DROP\n\t  INDEX\n stories_title_idx;', [dropMessage('INDEX')]],
    ['a comment between the words', 'DROP /* keep? */ TABLE old_notes;', [dropMessage('TABLE')]],
    [
      'a line comment between the words',
      'DELETE -- all of it\nFROM bookmarks;',
      [d.deleteWithoutWhere],
    ],
    [
      'WHERE only in a comment',
      'DELETE FROM bookmarks -- WHERE user_id = 1\n;',
      [d.deleteWithoutWhere],
    ],
    ['WHERE only in a string', "UPDATE stories SET note = 'WHERE id = 1';", [d.updateWithoutWhere]],
    [
      'a statement after a string holding a semicolon',
      "INSERT INTO notes VALUES ('a;b'); DROP VIEW v;",
      [dropMessage('VIEW')],
    ],
    [
      'the second of two statements on one line',
      'CREATE TABLE a (x int); TRUNCATE a CASCADE;',
      [m.truncate, d.cascade],
    ],
  ])('is not fooled: %s', (_name, sql, warnings) => {
    expect(dryRun(tx(sql)).warnings).toEqual(warnings);
  });

  it.each([
    ['DELETE with WHERE', 'DELETE FROM bookmarks WHERE user_id = 1;'],
    ['DELETE … USING … WHERE', 'DELETE FROM bookmarks b USING users u WHERE b.user_id = u.id;'],
    ['DELETE … WHERE CURRENT OF', 'DELETE FROM bookmarks WHERE CURRENT OF c;'],
    ['UPDATE with WHERE', "UPDATE stories SET status = 'draft' WHERE id = 1;"],
    [
      'UPDATE with a subquery and its own WHERE',
      'UPDATE stories SET title = (SELECT 1) WHERE position > 3;',
    ],
    ['a WITH query that deletes with WHERE', 'WITH g AS (DELETE FROM b WHERE x) SELECT 1;'],
    [
      'ON CONFLICT DO UPDATE',
      'INSERT INTO app_state (key, value) VALUES (1, 2) ON CONFLICT (key) DO UPDATE SET value = 2;',
    ],
    [
      'foreign key actions',
      'ALTER TABLE notes ADD CONSTRAINT f FOREIGN KEY (s) REFERENCES stories ON DELETE CASCADE ON UPDATE CASCADE;',
    ],
    [
      'foreign key SET NULL actions',
      'CREATE TABLE n (s uuid REFERENCES stories ON UPDATE SET NULL ON DELETE SET DEFAULT);',
    ],
    [
      'trigger events',
      'CREATE TRIGGER t BEFORE INSERT OR UPDATE OR DELETE ON stories FOR EACH ROW EXECUTE FUNCTION f();',
    ],
    ['privileges', 'GRANT SELECT, UPDATE, DELETE ON stories TO reporting;'],
    ['row locks', 'SELECT * FROM stories FOR UPDATE;'],
    ['ALTER COLUMN SET DEFAULT', 'ALTER TABLE stories ALTER COLUMN position SET DEFAULT 1;'],
    ['ALTER TYPE … ADD VALUE', "ALTER TYPE story_level ADD VALUE 'Expert';"],
    ['WITH CASCADED CHECK OPTION', 'CREATE VIEW v AS SELECT 1 WITH CASCADED CHECK OPTION;'],
    ['a CREATE INDEX', 'CREATE INDEX i ON stories (title);'],
    ['DROP words in names', 'SELECT drop_count, "DROP" FROM "drop table";'],
    ['destructive words in comments', '-- DROP SCHEMA x CASCADE\n/* DELETE FROM t */ SELECT 1;'],
    ['destructive words in strings', "INSERT INTO notes VALUES ('DROP INDEX i', 'DELETE FROM t');"],
  ])('no warning: %s', (_name, sql) => {
    const result = dryRun(tx(sql));
    expect(result.warnings).toEqual([]);
    expect(result.destructive).toBe(false);
  });

  it('names only the warnings that destroy something as destructive', () => {
    expect(isDestructiveWarning(m.noTransaction)).toBe(false);
    expect(isDestructiveWarning(m.policyChange)).toBe(false);
    for (const warning of [m.truncate, m.dropColumn, m.dropTableCascade, ...Object.values(d)]) {
      expect(isDestructiveWarning(warning)).toBe(true);
    }
    expect(dropMessage('INDEX')).toBe(
      'DROP INDEX detected - queries may slow down and uniqueness may no longer be enforced',
    );
    expect(dropMessage('TABLE')).toBe('DROP TABLE detected - data loss risk');
  });
});

describe('dryRun: dynamic SQL in string literals', () => {
  it.each<[string, string, string[]]>([
    ['EXECUTE of a TRUNCATE', "DO $$ BEGIN EXECUTE 'TRUNCATE stories'; END $$;", [m.truncate]],
    [
      'EXECUTE of a DROP COLUMN',
      "DO $$ BEGIN EXECUTE 'ALTER TABLE stories DROP COLUMN title'; END $$;",
      [m.dropColumn],
    ],
    [
      'EXECUTE format() of a DROP TABLE CASCADE in a function',
      "CREATE FUNCTION f(t text) RETURNS void AS $fn$ BEGIN EXECUTE format('DROP TABLE %I CASCADE', t); END $fn$ LANGUAGE plpgsql;",
      [m.dropTableCascade, dropMessage('TABLE')],
    ],
    [
      'pieces joined with ||',
      "DO $$ BEGIN EXECUTE 'ALTER TABLE ' || quote_ident(t) || ' DROP COLUMN ' || quote_ident(c); END $$;",
      [m.dropColumn],
    ],
    [
      'a keyword split across pieces',
      "DO $$ BEGIN EXECUTE 'TRUN' || 'CATE stories'; END $$;",
      [m.truncate],
    ],
    [
      'a dollar-quoted EXECUTE argument',
      'DO $$ BEGIN EXECUTE $q$DROP TABLE a CASCADE$q$; END $$;',
      [m.dropTableCascade, dropMessage('TABLE')],
    ],
    [
      'an EXECUTE inside an EXECUTE',
      "DO $$ BEGIN EXECUTE 'DO $d$ BEGIN EXECUTE ''TRUNCATE stories''; END $d$'; END $$;",
      [m.truncate],
    ],
    [
      'EXECUTE of a policy change',
      "DO $$ BEGIN EXECUTE 'CREATE POLICY p ON bookmarks USING (true)'; END $$;",
      [m.policyChange],
    ],
    [
      'a query stored in a variable for a later EXECUTE',
      "DO $$ DECLARE q text := 'TRUNCATE stories'; BEGIN EXECUTE q; END $$;",
      [m.truncate],
    ],
    ['a dblink call', "SELECT dblink_exec('dbname=relatos', 'TRUNCATE stories');", [m.truncate]],
    [
      'a DO body written as a standard string',
      "DO 'BEGIN EXECUTE ''TRUNCATE stories''; ALTER TABLE t DROP COLUMN c; END';",
      [m.truncate, m.dropColumn],
    ],
  ])('warns: %s', (_name, sql, warnings) => {
    const result = dryRun(tx(sql));
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual(warnings);
  });

  it.each([
    "DO $$ BEGIN EXECUTE 'DROP DATABASE foo'; END $$;",
    "DO $$ BEGIN EXECUTE 'DROP ' || 'DATABASE foo'; END $$;",
    "SELECT dblink_exec('dbname=postgres', 'DROP DATABASE relatos');",
    "DO 'BEGIN DROP DATABASE foo; END';",
    "DO $$ BEGIN EXECUTE 'DO $d$ BEGIN EXECUTE ''DROP DATABASE foo''; END $d$'; END $$;",
  ])('an executed DROP DATABASE is an error: %s', (sql) => {
    const result = dryRun(tx(sql));
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([m.dropDatabase]);
  });

  it.each([
    ['a plain value', "INSERT INTO notes VALUES ('please truncate table x later');"],
    ['a statement-like value', "INSERT INTO notes VALUES ('DROP DATABASE foo');"],
    [
      'a value in a body without dynamic SQL',
      "DO $$ BEGIN INSERT INTO notes VALUES ('TRUNCATE TABLE x'); END $$;",
    ],
    [
      'prose in a body that runs dynamic SQL',
      "DO $$ BEGIN INSERT INTO notes VALUES ('please truncate table x later'); EXECUTE 'SELECT 1'; END $$;",
    ],
    [
      'a USING parameter',
      "DO $$ BEGIN EXECUTE 'DELETE FROM notes WHERE body = $1' USING 'truncate table x'; END $$;",
    ],
    [
      'a value inside the dynamic SQL',
      "DO $$ BEGIN EXECUTE 'INSERT INTO notes VALUES (''TRUNCATE TABLE x'')'; END $$;",
    ],
    [
      'trigger arguments (EXECUTE FUNCTION is not dynamic SQL)',
      "CREATE TRIGGER t AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION f('truncate table x');",
    ],
    [
      'an EXECUTE in another statement',
      "DO $$ BEGIN EXECUTE 'SELECT 1'; INSERT INTO notes VALUES ('please truncate table x'); END $$;",
    ],
  ])('no warning or error: %s', (_name, sql) => {
    const result = dryRun(tx(sql));
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('warns but raises no error for a DROP DATABASE that is only stored in a variable', () => {
    const result = dryRun(
      tx(
        "DO $$ DECLARE q text := 'DROP DATABASE foo'; d text := 'TRUNCATE x'; BEGIN EXECUTE q; END $$;",
      ),
    );
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([m.truncate]);
  });
});

describe('dryRun: transaction block', () => {
  it.each([
    ['BEGIN … COMMIT', 'BEGIN;\nCREATE TABLE a (id int);\nCOMMIT;'],
    ['begin transaction … end', 'begin transaction; create table a (id int); end;'],
    ['START TRANSACTION … COMMIT', 'START TRANSACTION; CREATE TABLE a (id int); COMMIT;'],
    [
      'BEGIN WORK … COMMIT WORK with comments',
      '-- up\nBEGIN WORK; /* x */ CREATE TABLE a (id int); COMMIT WORK;',
    ],
  ])('no warning with %s', (_name, sql) => {
    expect(dryRun(sql).warnings).toEqual([]);
  });

  it.each([
    ['no block at all', 'CREATE TABLE a (id int);'],
    ['BEGIN without COMMIT', 'BEGIN; CREATE TABLE a (id int);'],
    ['COMMIT before BEGIN', 'COMMIT; CREATE TABLE a (id int); BEGIN;'],
    ['BEGIN … ROLLBACK', 'BEGIN; CREATE TABLE a (id int); ROLLBACK;'],
    ['BEGIN and COMMIT only in comments', '-- BEGIN;\nCREATE TABLE a (id int);\n-- COMMIT;'],
    [
      'plpgsql BEGIN … END inside a function body',
      'CREATE FUNCTION f() RETURNS void AS $$ BEGIN PERFORM 1; END; $$ LANGUAGE plpgsql;',
    ],
  ])('warns with %s', (_name, sql) => {
    expect(dryRun(sql).warnings).toEqual([m.noTransaction]);
  });

  it('does not warn when there is no statement at all', () => {
    expect(dryRun('-- nothing here').warnings).toEqual([]);
    expect(dryRun('   ').warnings).toEqual([]);
  });
});

describe('dryRun: affected tables', () => {
  it.each<[string, string, string[]]>([
    ['CREATE TABLE', 'CREATE TABLE notes (id int);', ['notes']],
    ['public. prefix', 'CREATE TABLE public.notes (id int);', ['notes']],
    ['quoted names (Drizzle)', 'CREATE TABLE "public"."Notes" ("id" int);', ['Notes']],
    ['unquoted names fold to lower case', 'create table Notes (id int);', ['notes']],
    ['IF NOT EXISTS', 'CREATE TABLE IF NOT EXISTS public.notes (id int);', ['notes']],
    [
      'UNLOGGED and TEMP',
      'CREATE UNLOGGED TABLE a (x int); CREATE TEMP TABLE b (x int);',
      ['a', 'b'],
    ],
    [
      'ALTER TABLE IF EXISTS ONLY',
      'ALTER TABLE IF EXISTS ONLY public.stories ADD COLUMN x int;',
      ['stories'],
    ],
    ['ALTER TABLE … RENAME TO', 'ALTER TABLE notes RENAME TO old_notes;', ['notes', 'old_notes']],
    ['DROP TABLE lists', 'DROP TABLE IF EXISTS a, public.b, "C";', ['a', 'b', 'C']],
    ['other schemas stay qualified', 'ALTER TABLE auth.users ADD COLUMN x int;', ['auth.users']],
    [
      'first seen first, no duplicates',
      'CREATE TABLE b (x int); ALTER TABLE a ADD y int; ALTER TABLE public.b ADD z int; DROP TABLE a;',
      ['b', 'a'],
    ],
    ['tables created in a DO block', 'DO $$ BEGIN CREATE TABLE t2 (x int); END $$;', ['t2']],
    ['not in comments or strings', "-- CREATE TABLE x\nSELECT 'DROP TABLE y';", []],
    [
      'not from other statements',
      'CREATE INDEX i ON stories (title); INSERT INTO notes VALUES (1);',
      [],
    ],
  ])('%s', (_name, sql, tables) => {
    expect(dryRun(tx(sql)).affectedTables).toEqual(tables);
  });
});

describe('validate', () => {
  it.each([
    ['empty', ''],
    ['blank', ' \n\t '],
    ['only comments', '-- nothing\n/* still nothing */'],
    ['only semicolons', ';;;'],
    ['only a string', "'DROP TABLE x';"],
    ['only numbers', '42;'],
  ])('no valid statements: %s', (_name, sql) => {
    expect(validate(sql)).toEqual({ safe: false, issues: [m.noStatements] });
  });

  it.each([
    'UPDATE auth.users SET email = lower(email);',
    'delete from AUTH.USERS where id = 1;',
    'ALTER TABLE "auth"."users" ADD COLUMN x int;',
    'SELECT * FROM auth . users;',
    'CREATE TRIGGER t AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION f();',
  ])('flags a mention of auth.users: %s', (sql) => {
    expect(validate(sql)).toEqual({ safe: false, issues: [m.authUsers] });
  });

  it.each([
    'SELECT * FROM users;',
    'SELECT * FROM public.users;',
    'SELECT * FROM auth.users_archive;',
    'SELECT * FROM oauth.users;',
    '-- auth.users is managed elsewhere\nSELECT 1;',
    "SELECT 'auth.users';",
  ])('does not flag other tables, comments or strings: %s', (sql) => {
    expect(validate(sql)).toEqual({ safe: true, issues: [] });
  });

  it.each([
    "DELETE FROM stories WHERE id = '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10';",
    "UPDATE stories SET status = 'draft' WHERE id = '8C5B8A5E-3C55-4C77-9D1C-0C3F7E1F5A10'::uuid;",
    'DO $$ BEGIN DELETE FROM stories WHERE id = $q$8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10$q$; END $$;',
  ])('flags a hard-coded UUID: %s', (sql) => {
    expect(validate(sql)).toEqual({ safe: false, issues: [m.hardcodedUuid] });
  });

  it.each([
    '-- reverts 8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10\nSELECT 1;',
    "SELECT '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a1';",
    "SELECT '8c5b8a5e3c554c779d1c0c3f7e1f5a10';",
    'SELECT gen_random_uuid();',
  ])('does not flag UUIDs in comments or near-UUIDs: %s', (sql) => {
    expect(validate(sql)).toEqual({ safe: true, issues: [] });
  });

  it('lists every issue, in the spec order', () => {
    expect(
      validate("UPDATE auth.users SET x = 1 WHERE id = '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10';"),
    ).toEqual({ safe: false, issues: [m.authUsers, m.hardcodedUuid] });
    expect(validate("-- 8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10\n'x';")).toEqual({
      safe: false,
      issues: [m.noStatements],
    });
  });

  it('reports an internal failure as an issue instead of throwing', () => {
    const result = validate(null as unknown as string);
    expect(result.safe).toBe(false);
    expect(result.issues[0]).toMatch(/^Dry-run analysis failed: /);
  });
});

describe('analyseMigration', () => {
  it('passes a safe migration', () => {
    const sql = tx('CREATE TABLE public.notes (id uuid PRIMARY KEY DEFAULT gen_random_uuid());');
    expect(analyseMigration(sql)).toEqual({
      dryRun: {
        success: true,
        errors: [],
        warnings: [],
        affectedTables: ['notes'],
        destructive: false,
      },
      validation: { safe: true, issues: [] },
      passed: true,
    });
  });

  it('passes with warnings that destroy nothing (no transaction block, a policy change)', () => {
    const result = analyseMigration('CREATE POLICY p ON t USING (true);');
    expect(result.dryRun.warnings).toEqual([m.policyChange, m.noTransaction]);
    expect(result.dryRun.destructive).toBe(false);
    expect(result.passed).toBe(true);
  });

  it('never passes a destructive migration, even when it only warns', () => {
    const result = analyseMigration(tx('ALTER TABLE stories DROP COLUMN image_url;'));
    expect(result.dryRun).toMatchObject({
      success: true,
      warnings: [m.dropColumn],
      destructive: true,
    });
    expect(result.validation.safe).toBe(true);
    expect(result.passed).toBe(false);
  });

  it('fails when the dry-run fails', () => {
    expect(analyseMigration(tx('DROP DATABASE relatos;')).passed).toBe(false);
  });

  it('fails when the validation is not safe', () => {
    const result = analyseMigration(tx('UPDATE auth.users SET x = 1;'));
    expect(result.dryRun.success).toBe(true);
    expect(result.passed).toBe(false);
  });

  it('reads a Drizzle migration file as written by drizzle-kit', () => {
    const sql = [
      'CREATE TABLE "notes" (',
      '\t"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,',
      '\t"story_id" uuid NOT NULL',
      ');',
      '--> statement-breakpoint',
      'ALTER TABLE "notes" ADD CONSTRAINT "notes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;',
    ].join('\n');
    const result = analyseMigration(sql);
    expect(result.dryRun).toEqual({
      success: true,
      errors: [],
      warnings: [m.noTransaction],
      affectedTables: ['notes'],
      destructive: false,
    });
    expect(result.passed).toBe(true);
  });

  // Not a speed measure (that is the bench's job): a pattern that backtracks on these inputs
  // takes minutes, so a bound far above any machine's normal time still catches it.
  it('finishes on the largest accepted text, also on inputs that make patterns backtrack', () => {
    const sql = 'DROP TABLE a '.repeat(Math.floor(MAX_DRY_RUN_SQL_LENGTH / 13));
    const started = performance.now();
    analyseMigration(sql);
    analyseMigration('$$'.repeat(MAX_DRY_RUN_SQL_LENGTH / 2));
    analyseMigration(`do ${'$a$ x $a$ '.repeat(MAX_DRY_RUN_SQL_LENGTH / 10)}`);
    analyseMigration(
      `DO $$ ${"EXECUTE 'TRUNCATE t' || 'x'; ".repeat(MAX_DRY_RUN_SQL_LENGTH / 32)} $$`,
    );
    analyseMigration(`DO $$ BEGIN EXECUTE '${"'".repeat(MAX_DRY_RUN_SQL_LENGTH - 40)}'; END $$`);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
