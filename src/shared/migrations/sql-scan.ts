/**
 * A small PostgreSQL lexer for the migration dry-run. It never parses or executes SQL: it only
 * separates code from comments and literals, so the dry-run rules match keywords that PostgreSQL
 * would actually run and not words inside a comment or a string.
 *
 * Handled as PostgreSQL does: `--` line comments; nested block comments; standard strings with
 * doubled quotes (`'it''s'`); escape strings (`E'it\'s'`); double-quoted identifiers (`"order"`,
 * kept as code); dollar-quoted strings (`$$…$$`, `$fn$…$fn$`). Anything left unterminated runs to
 * the end of the text, as PostgreSQL would read it.
 */

export type SqlSegmentKind = 'code' | 'comment' | 'string' | 'dollar';

export interface SqlSegment {
  kind: SqlSegmentKind;
  /** The segment's source text; for 'dollar', only the body between the delimiters. */
  text: string;
}

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

const isIdentChar = (char: string | undefined) => char !== undefined && IDENT_CHAR.test(char);

/** Splits SQL text into code, comment, string and dollar-quoted segments, in order. */
export function scanSql(sql: string): SqlSegment[] {
  const segments: SqlSegment[] = [];
  let code = '';
  const flushCode = () => {
    if (code) segments.push({ kind: 'code', text: code });
    code = '';
  };
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];

    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      flushCode();
      segments.push({ kind: 'comment', text: sql.slice(i, stop) });
      i = stop;
      continue;
    }

    if (char === '/' && next === '*') {
      // PostgreSQL block comments nest.
      let depth = 1;
      let j = i + 2;
      while (j < sql.length && depth > 0) {
        if (sql[j] === '/' && sql[j + 1] === '*') {
          depth += 1;
          j += 2;
        } else if (sql[j] === '*' && sql[j + 1] === '/') {
          depth -= 1;
          j += 2;
        } else {
          j += 1;
        }
      }
      flushCode();
      segments.push({ kind: 'comment', text: sql.slice(i, j) });
      i = j;
      continue;
    }

    if (char === "'") {
      // E'…' (escape string): the E is the last code character, not part of an identifier.
      const prefix = code.at(-1);
      const escapes = (prefix === 'E' || prefix === 'e') && !isIdentChar(code.at(-2));
      let j = i + 1;
      while (j < sql.length) {
        if (escapes && sql[j] === '\\') {
          j += 2;
          continue;
        }
        if (sql[j] === "'") {
          if (sql[j + 1] === "'") {
            j += 2;
            continue;
          }
          j += 1;
          break;
        }
        j += 1;
      }
      const stop = Math.min(j, sql.length);
      if (escapes) code = code.slice(0, -1);
      flushCode();
      segments.push({ kind: 'string', text: sql.slice(i, stop) });
      i = stop;
      continue;
    }

    if (char === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === '"') {
          if (sql[j + 1] === '"') {
            j += 2;
            continue;
          }
          j += 1;
          break;
        }
        j += 1;
      }
      code += sql.slice(i, j);
      i = j;
      continue;
    }

    if (char === '$' && !isIdentChar(code.at(-1))) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))?.[0];
      if (tag) {
        const bodyStart = i + tag.length;
        const close = sql.indexOf(tag, bodyStart);
        const bodyEnd = close === -1 ? sql.length : close;
        flushCode();
        segments.push({ kind: 'dollar', text: sql.slice(bodyStart, bodyEnd) });
        i = close === -1 ? sql.length : close + tag.length;
        continue;
      }
    }

    code += char;
    i += 1;
  }
  flushCode();
  return segments;
}

/** The three readings of one SQL text the dry-run rules work on. */
export interface SqlViews {
  /**
   * Top-level code only: comments become spaces, every literal (dollar-quoted bodies included)
   * becomes `''`. Statements and transaction control are read here: a plpgsql `BEGIN` inside a
   * function body is not a transaction.
   */
  topLevel: string;
  /**
   * What PostgreSQL will run: like `topLevel`, but the bodies of `DO` blocks and of functions
   * (`AS $$ … $$`, or written as a standard string, `AS '…'`) are read as SQL too (their own
   * comments and literals removed the same way).
   */
  executable: string;
  /** Code and literal contents, without comments: values such as hard-coded ids are read here. */
  withLiterals: string;
}

/**
 * A dollar-quoted body right after `AS` or `DO` is SQL to run; elsewhere it is just a string.
 * Reads backwards from the end of the code so far (constant work per body, whatever its length).
 */
function followsAsOrDo(code: string): boolean {
  let end = code.length;
  while (end > 0 && /\s/.test(code[end - 1]!)) end -= 1;
  const word = code.slice(Math.max(0, end - 2), end).toUpperCase();
  return (word === 'AS' || word === 'DO') && !isIdentChar(code[end - 3]);
}

/** The value of a quoted string segment: quotes removed, doubled quotes undone. */
function literalText(quoted: string): string {
  const closed = quoted.length >= 2 && quoted.endsWith("'");
  return quoted.slice(1, closed ? -1 : undefined).replace(/''/g, "'");
}

export function sqlViews(sql: string): SqlViews {
  let topLevel = '';
  let executable = '';
  let withLiterals = '';
  for (const segment of scanSql(sql)) {
    switch (segment.kind) {
      case 'code':
        topLevel += segment.text;
        executable += segment.text;
        withLiterals += segment.text;
        break;
      case 'comment':
        topLevel += ' ';
        executable += ' ';
        withLiterals += ' ';
        break;
      case 'string': {
        // `DO '…'` and `AS '…'` (a function body) are code written as a standard string.
        const runs = followsAsOrDo(topLevel);
        topLevel += "''";
        executable += runs ? ` ${sqlViews(literalText(segment.text)).executable} ` : "''";
        withLiterals += segment.text;
        break;
      }
      case 'dollar': {
        const runs = followsAsOrDo(topLevel);
        topLevel += "''";
        const inner = sqlViews(segment.text);
        executable += runs ? ` ${inner.executable} ` : "''";
        withLiterals += ` ${inner.withLiterals} `;
        break;
      }
    }
  }
  return { topLevel, executable, withLiterals };
}

/** Statements of a view (split at `;`, trimmed, empty ones dropped). Literal-free views only. */
export const splitStatements = (view: string): string[] =>
  view
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);

/** A string literal whose value PostgreSQL may run as SQL (dynamic SQL). */
export interface DynamicSql {
  /** The SQL text: the values of the literals, `||`-joined pieces put together. */
  text: string;
  /**
   * True when the text is certainly run: it is the argument of a plpgsql `EXECUTE` (before any
   * `USING`) or of a dblink call, or a `DO '…'` / `AS '…'` body written as a standard string.
   * False when it may be run: a literal elsewhere in a DO or function body that runs dynamic SQL
   * (`EXECUTE some_variable`), where the value may have been stored for that EXECUTE.
   */
  executed: boolean;
}

type Piece = { kind: 'code'; text: string } | { kind: 'literal'; text: string; body: boolean };

/** The code of one runnable unit (the top level, or one DO or function body), with its literals. */
interface Unit {
  body: boolean;
  pieces: Piece[];
}

/** Splits SQL into runnable units; a nested body becomes a unit of its own (a space in its parent). */
function runnableUnits(sql: string, body: boolean, into: Unit[]): Unit[] {
  const unit: Unit = { body, pieces: [] };
  into.push(unit);
  let topLevel = '';
  for (const segment of scanSql(sql)) {
    if (segment.kind === 'code' || segment.kind === 'comment') {
      const text = segment.kind === 'code' ? segment.text : ' ';
      unit.pieces.push({ kind: 'code', text });
      topLevel += text;
      continue;
    }
    const runs = followsAsOrDo(topLevel);
    topLevel += "''";
    if (segment.kind === 'dollar' && runs) {
      unit.pieces.push({ kind: 'code', text: ' ' });
      runnableUnits(segment.text, true, into);
    } else {
      const text = segment.kind === 'string' ? literalText(segment.text) : segment.text;
      unit.pieces.push({ kind: 'literal', text, body: segment.kind === 'string' && runs });
    }
  }
  return into;
}

/** Words after which the literals of a statement are dynamic SQL: `EXECUTE`, a dblink call. */
const DYNAMIC_START =
  /\bEXECUTE\b(?!\s+(?:FUNCTION|PROCEDURE|ON)\b)|\bdblink(?:_exec|_send_query|_open)?\s*\(/i;
/**
 * Words that switch the literals after them to dynamic SQL, or back to values (`USING`
 * parameters). `EXECUTE FUNCTION|PROCEDURE` (triggers) and `GRANT EXECUTE ON` are not dynamic SQL.
 */
const DYNAMIC_SWITCH = new RegExp(String.raw`${DYNAMIC_START.source}|\bUSING\b`, 'gi');
/** Code between two literals that joins them into one text. */
const CONCATENATION = /^\s*(?:\|\|\s*)+$/;

/**
 * The string literals of a SQL text that PostgreSQL runs, or may run, as SQL. Plain values
 * (`INSERT … VALUES ('…')`, `COMMENT … IS '…'`) are not listed.
 */
export function dynamicSql(sql: string): DynamicSql[] {
  const found: DynamicSql[] = [];
  for (const unit of runnableUnits(sql, false, [])) {
    const code = unit.pieces.map((piece) => (piece.kind === 'code' ? piece.text : "''")).join('');
    const mayRunValues = unit.body && DYNAMIC_START.test(code);
    // 'sql': literals are dynamic SQL; 'values': USING parameters, never run; 'other': may be.
    let state: 'sql' | 'values' | 'other' = 'other';
    let run: string | undefined;
    let between = '';
    const endRun = () => {
      if (run !== undefined) found.push({ text: run, executed: true });
      run = undefined;
    };
    for (const piece of unit.pieces) {
      if (piece.kind === 'code') {
        for (const [index, part] of piece.text.split(';').entries()) {
          if (index > 0) {
            endRun();
            state = 'other';
            between = '';
          }
          for (const match of part.matchAll(DYNAMIC_SWITCH)) {
            endRun();
            state = /^USING$/i.test(match[0]) ? 'values' : 'sql';
          }
          between += part;
        }
        continue;
      }
      if (piece.body) {
        endRun();
        found.push({ text: piece.text, executed: true });
      } else if (state === 'sql') {
        run =
          run === undefined
            ? piece.text
            : `${run}${CONCATENATION.test(between) ? '' : ' x '}${piece.text}`;
      } else if (state === 'other' && mayRunValues) {
        found.push({ text: piece.text, executed: false });
      }
      between = '';
    }
    endRun();
  }
  return found;
}
