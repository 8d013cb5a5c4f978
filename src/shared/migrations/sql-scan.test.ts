import { describe, expect, it } from 'vitest';
import { scanSql, splitStatements, sqlViews } from './sql-scan.ts';

describe('scanSql', () => {
  it('separates line comments, block comments, strings and code', () => {
    expect(scanSql("select 'a' -- note\nfrom t /* x */;")).toEqual([
      { kind: 'code', text: 'select ' },
      { kind: 'string', text: "'a'" },
      { kind: 'code', text: ' ' },
      { kind: 'comment', text: '-- note' },
      { kind: 'code', text: '\nfrom t ' },
      { kind: 'comment', text: '/* x */' },
      { kind: 'code', text: ';' },
    ]);
  });

  it('nests block comments as PostgreSQL does', () => {
    expect(scanSql('/* a /* b */ still comment */select')).toEqual([
      { kind: 'comment', text: '/* a /* b */ still comment */' },
      { kind: 'code', text: 'select' },
    ]);
  });

  it('reads doubled quotes inside strings and identifiers', () => {
    expect(scanSql(`select 'it''s', "a""b" from t`)).toEqual([
      { kind: 'code', text: 'select ' },
      { kind: 'string', text: "'it''s'" },
      { kind: 'code', text: ', "a""b" from t' },
    ]);
  });

  it('reads backslash escapes only in E strings', () => {
    expect(scanSql(String.raw`select E'a\'b', 'c\' x`)).toEqual([
      { kind: 'code', text: 'select ' },
      { kind: 'string', text: String.raw`'a\'b'` },
      { kind: 'code', text: ', ' },
      { kind: 'string', text: String.raw`'c\'` },
      { kind: 'code', text: ' x' },
    ]);
    // An identifier ending in e is not an escape-string prefix.
    expect(scanSql(String.raw`select name'a\' x`).map((s) => s.kind)).toEqual([
      'code',
      'string',
      'code',
    ]);
  });

  it('reads dollar-quoted bodies with and without tags', () => {
    expect(scanSql('do $$ x $$; select $fn$ y $$ z $fn$;')).toEqual([
      { kind: 'code', text: 'do ' },
      { kind: 'dollar', text: ' x ' },
      { kind: 'code', text: '; select ' },
      { kind: 'dollar', text: ' y $$ z ' },
      { kind: 'code', text: ';' },
    ]);
  });

  it('does not take positional parameters or identifiers with $ for dollar quotes', () => {
    expect(scanSql('select $1, a$b$ from t')).toEqual([
      { kind: 'code', text: 'select $1, a$b$ from t' },
    ]);
  });

  it('runs unterminated comments and literals to the end', () => {
    expect(scanSql("select 'open").map((s) => s.kind)).toEqual(['code', 'string']);
    expect(scanSql('select /* open').map((s) => s.kind)).toEqual(['code', 'comment']);
    expect(scanSql('do $$ open').map((s) => s.kind)).toEqual(['code', 'dollar']);
    expect(scanSql('select "open').map((s) => s.kind)).toEqual(['code']);
  });
});

describe('sqlViews', () => {
  it('blanks literals and comments in the code views and keeps literals in withLiterals', () => {
    const views = sqlViews("insert into t values ('DROP DATABASE x'); -- TRUNCATE TABLE t");
    expect(views.topLevel).toBe("insert into t values ('');  ");
    expect(views.executable).toBe(views.topLevel);
    expect(views.withLiterals).toBe("insert into t values ('DROP DATABASE x');  ");
  });

  it('reads DO and function bodies as SQL in the executable view only', () => {
    const views = sqlViews("DO $$ BEGIN DROP TABLE x; /* c */ PERFORM 'lit'; END $$;");
    expect(views.topLevel).toBe("DO '';");
    expect(views.executable).toBe("DO   BEGIN DROP TABLE x;   PERFORM ''; END  ;");
    const fn = sqlViews(
      'create function f() returns void as $body$ truncate t $body$ language sql',
    );
    expect(fn.executable).toContain('truncate t');
  });

  it('keeps a dollar-quoted value that is not a body out of the executable view', () => {
    const views = sqlViews('comment on table t is $$DROP DATABASE prod$$;');
    expect(views.executable).toBe("comment on table t is '';");
    expect(views.withLiterals).toContain('DROP DATABASE prod');
  });

  it('does not take a word ending in "as" or "do" for AS or DO', () => {
    expect(sqlViews('select alias $$ truncate t $$').executable).not.toContain('truncate');
    expect(sqlViews('select undo $$ truncate t $$').executable).not.toContain('truncate');
    expect(sqlViews('select x as\n\t $$ truncate t $$').executable).toContain('truncate');
  });
});

describe('splitStatements', () => {
  it('splits at semicolons and drops empty statements', () => {
    expect(splitStatements(' a ;; b;\n ; ')).toEqual(['a', 'b']);
    expect(splitStatements('')).toEqual([]);
  });
});
