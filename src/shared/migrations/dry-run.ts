import { dynamicSql, splitStatements, sqlViews } from './sql-scan.ts';

/**
 * The migration dry-run (spec §5 'Dry-run'): a static reading of migration SQL that flags
 * dangerous statements. It never connects to a database and never executes anything. Shared by
 * the server (POST /api/admin/migrations/dry-run) and its unit tests; it imports nothing but the
 * lexer so it stays small and isomorphic.
 */

export interface DryRunResult {
  /** False when an error was found (the migration must not run as written). */
  success: boolean;
  errors: string[];
  warnings: string[];
  /** Tables named by CREATE, ALTER or DROP TABLE, without the `public.` prefix, first seen first. */
  affectedTables: string[];
  /**
   * True when a statement destroys or rewrites data or objects (any error, or a warning of
   * {@link isDestructiveWarning}): the screen then never says the migration appears safe.
   */
  destructive: boolean;
}

export interface ValidationResult {
  /** True only when there is no issue. */
  safe: boolean;
  issues: string[];
}

export interface MigrationAnalysis {
  dryRun: DryRunResult;
  validation: ValidationResult;
  /**
   * Overall pass: the dry-run succeeded, the validation found the SQL safe (the spec's two
   * conditions) and nothing destructive was found (issue 12: 'Migration appears safe to execute'
   * is never said of a migration that drops, truncates or rewrites).
   */
  passed: boolean;
}

/** The spec's texts, verbatim. */
export const dryRunMessages = {
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
} as const;

/**
 * Destructive statements the spec's list is silent about (issue 12). DROP statements are named by
 * what they drop ({@link dropMessage}).
 */
export const destructiveMessages = {
  cascade: 'CASCADE detected - dependent objects are changed or removed too',
  alterColumnType:
    'ALTER COLUMN TYPE detected - existing values are converted and may fail or lose data',
  deleteWithoutWhere: 'DELETE without WHERE detected - every row of the table is removed',
  updateWithoutWhere: 'UPDATE without WHERE detected - every row of the table is changed',
} as const;

/** Object kinds whose DROP loses stored data (anything else loses a definition). */
const DATA_KINDS = new Set([
  'TABLE',
  'SCHEMA',
  'MATERIALIZED VIEW',
  'FOREIGN TABLE',
  'SEQUENCE',
  'OWNED',
]);

/** The warning of a `DROP <kind>` statement (DROP DATABASE is an error, DROP POLICY the RLS warning). */
export function dropMessage(kind: string): string {
  const consequence = DATA_KINDS.has(kind)
    ? 'data loss risk'
    : kind === 'INDEX'
      ? 'queries may slow down and uniqueness may no longer be enforced'
      : 'whatever depends on it stops working';
  return `DROP ${kind} detected - ${consequence}`;
}

/** Warnings that do not mean destruction: a reminder to check access rules, a missing block. */
const NOT_DESTRUCTIVE: ReadonlySet<string> = new Set([
  dryRunMessages.policyChange,
  dryRunMessages.noTransaction,
]);

/** Whether a dry-run warning names a statement that destroys or rewrites something. */
export const isDestructiveWarning = (warning: string): boolean => !NOT_DESTRUCTIVE.has(warning);

/** The largest SQL text the dry-run accepts (characters). */
export const MAX_DRY_RUN_SQL_LENGTH = 100_000;

/** An identifier, plain or double-quoted. */
const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*)`;
/** A possibly schema-qualified name. */
const NAME = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

const DROP_DATABASE = /\bDROP\s+DATABASE\b/i;
/** TRUNCATE [TABLE] …; not the TRUNCATE privilege of GRANT/REVOKE (followed by ON or a comma). */
const TRUNCATE = /\bTRUNCATE\b(?!\s*,)(?!\s+ON\b)/i;
const DROP_TABLE_WORDS = /\bDROP\s+TABLE\b/i;
const CASCADE = /\bCASCADE\b/i;
const POLICY_CHANGE =
  /\b(?:CREATE|DROP|ALTER)\s+POLICY\b|\b(?:ENABLE|DISABLE|FORCE)\s+ROW\s+LEVEL\s+SECURITY\b/i;
const TRANSACTION_START = /^(?:BEGIN|START\s+TRANSACTION)\b/i;
const TRANSACTION_END = /^(?:COMMIT|END)\b/i;
const AUTH_USERS = /(?<![\w$"])"?auth"?\s*\.\s*"?users"?(?![\w$])/i;
const UUID =
  /(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f])/;
/** A statement starts with a keyword (or a parenthesised query). */
const STATEMENT_START = /^(?:[A-Za-z_]|\()/;

const CREATE_TABLE = new RegExp(
  String.raw`\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:GLOBAL|LOCAL)\s+)?(?:(?:TEMP|TEMPORARY|UNLOGGED)\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(${NAME})`,
  'gi',
);
const ALTER_TABLE = new RegExp(
  String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(${NAME})(?:\s*\*)?`,
  'gi',
);
const DROP_TABLE = new RegExp(
  String.raw`\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${NAME}(?:\s*,\s*${NAME})*)`,
  'gi',
);
const RENAME_TABLE_TO = new RegExp(String.raw`\bRENAME\s+TO\s+(${IDENT})`, 'i');
const NAME_IN_LIST = new RegExp(NAME, 'g');
const IDENT_PART = new RegExp(IDENT, 'g');

/** PostgreSQL folds unquoted names to lower case; quoted names keep their case. */
function normaliseIdent(ident: string): string {
  return ident.startsWith('"') ? ident.slice(1, -1).replace(/""/g, '"') : ident.toLowerCase();
}

/** `public.stories` and `"public"."stories"` are both `stories`; other schemas stay qualified. */
function tableName(qualified: string): string {
  const parts = (qualified.match(IDENT_PART) ?? []).map(normaliseIdent);
  if (parts.length === 2 && parts[0] === 'public') return parts[1]!;
  return parts.join('.');
}

/** Splits the actions of an ALTER TABLE at top-level commas (not those inside parentheses). */
function alterActions(rest: string): string[] {
  const actions: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of rest) {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      actions.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  actions.push(current.trim());
  return actions;
}

/** ALTER TABLE t DROP [COLUMN] c; `DROP CONSTRAINT` is the only other DROP action of the table. */
function dropsColumn(statement: string): boolean {
  ALTER_TABLE.lastIndex = 0;
  const match = ALTER_TABLE.exec(statement);
  if (!match) return false;
  const rest = statement.slice(match.index + match[0].length);
  return alterActions(rest).some(
    (action) => /^DROP\s+COLUMN\b/i.test(action) || /^DROP\s+(?!CONSTRAINT\b)\S/i.test(action),
  );
}

function collectTables(statement: string, into: string[]) {
  const add = (name: string) => {
    const table = tableName(name);
    if (table && !into.includes(table)) into.push(table);
  };
  for (const match of statement.matchAll(CREATE_TABLE)) add(match[1]!);
  for (const match of statement.matchAll(ALTER_TABLE)) {
    add(match[1]!);
    const renamed = RENAME_TABLE_TO.exec(statement.slice(match.index + match[0].length));
    if (renamed) add(renamed[1]!);
  }
  for (const match of statement.matchAll(DROP_TABLE)) {
    for (const name of match[1]!.match(NAME_IN_LIST) ?? []) add(name);
  }
}

/** DROP TABLE … CASCADE within one statement (two linear searches, no backtracking). */
function dropsTableCascade(statement: string): boolean {
  const drop = DROP_TABLE_WORDS.exec(statement);
  return drop !== null && CASCADE.test(statement.slice(drop.index + drop[0].length));
}

/**
 * Tokens of a literal-free statement: quoted identifiers (never keywords), words, numbers, the
 * blanked literal `''` and the punctuation the rules below read. One linear pass.
 */
const TOKEN =
  /"(?:[^"]|"")*"|[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*|\d+(?:\.\d*)?|''|[()=.*,;]/g;
const WORD = /^[A-Za-z_\u0080-\uffff]/;

/** What PostgreSQL can DROP (the words after DROP), longest first where one starts another. */
const DROP_KINDS: readonly (readonly string[])[] = [
  ['MATERIALIZED', 'VIEW'],
  ['FOREIGN', 'DATA', 'WRAPPER'],
  ['FOREIGN', 'TABLE'],
  ['EVENT', 'TRIGGER'],
  ['TEXT', 'SEARCH', 'CONFIGURATION'],
  ['TEXT', 'SEARCH', 'DICTIONARY'],
  ['TEXT', 'SEARCH', 'PARSER'],
  ['TEXT', 'SEARCH', 'TEMPLATE'],
  ['ACCESS', 'METHOD'],
  ['OPERATOR', 'CLASS'],
  ['OPERATOR', 'FAMILY'],
  ['USER', 'MAPPING'],
  ['PROCEDURAL', 'LANGUAGE'],
  ...[
    'AGGREGATE',
    'CAST',
    'COLLATION',
    'CONVERSION',
    'DATABASE',
    'DOMAIN',
    'EXTENSION',
    'FUNCTION',
    'GROUP',
    'INDEX',
    'LANGUAGE',
    'OPERATOR',
    'OWNED',
    'POLICY',
    'PROCEDURE',
    'PUBLICATION',
    'ROLE',
    'ROUTINE',
    'RULE',
    'SCHEMA',
    'SEQUENCE',
    'SERVER',
    'STATISTICS',
    'SUBSCRIPTION',
    'TABLE',
    'TABLESPACE',
    'TRANSFORM',
    'TRIGGER',
    'TYPE',
    'USER',
    'VIEW',
  ].map((kind) => [kind]),
];

/** Kinds with a message of their own: DROP DATABASE is an error, DROP POLICY the RLS warning. */
const DROP_KINDS_REPORTED_ELSEWHERE = new Set(['DATABASE', 'POLICY']);

interface StatementFindings {
  /** Kinds of the DROP statements, e.g. 'TABLE', 'MATERIALIZED VIEW'. */
  drops: string[];
  /** CASCADE as a drop or truncate behaviour (not a foreign key's ON DELETE / ON UPDATE action). */
  cascade: boolean;
  alterColumnType: boolean;
  deleteWithoutWhere: boolean;
  updateWithoutWhere: boolean;
}

/** A DELETE or UPDATE whose WHERE is looked for at its own parenthesis depth. */
interface DmlFrame {
  kind: 'DELETE' | 'UPDATE';
  depth: number;
  where: boolean;
}

/**
 * The destructive statements of one literal-free statement, read token by token in one pass:
 * DROP statements (not the DROP actions of an ALTER), CASCADE, ALTER COLUMN … TYPE, and DELETE or
 * UPDATE without a WHERE of their own (a WHERE inside a subquery does not limit the rows; a
 * `WHERE true` or `WHERE 1 = 1` limits nothing). A data-modifying WITH query ends at its
 * closing parenthesis.
 */
function statementFindings(statement: string): StatementFindings {
  const tokens = statement.match(TOKEN) ?? [];
  const upper = tokens.map((token) => (WORD.test(token) ? token.toUpperCase() : token));
  const at = (index: number) => upper[index] ?? '';
  const findings: StatementFindings = {
    drops: [],
    cascade: false,
    alterColumnType: false,
    deleteWithoutWhere: false,
    updateWithoutWhere: false,
  };
  const frames: DmlFrame[] = [];
  const close = (frame: DmlFrame) => {
    if (frame.where) return;
    if (frame.kind === 'DELETE') findings.deleteWithoutWhere = true;
    else findings.updateWithoutWhere = true;
  };
  const closeFrom = (depth: number) => {
    while (frames.length > 0 && frames.at(-1)!.depth >= depth) close(frames.pop()!);
  };
  const isName = (index: number) => at(index).startsWith('"') || WORD.test(at(index));
  /** The index after a possibly qualified name starting at `index`, or -1. */
  const afterName = (index: number) => {
    if (!isName(index)) return -1;
    let next = index + 1;
    while (at(next) === '.' && isName(next + 1)) next += 2;
    return next;
  };
  /** `UPDATE [ONLY] name [*] [[AS] alias] SET`: a data change, not a trigger event or privilege. */
  const startsUpdate = (index: number) => {
    if (['ON', 'DO', 'FOR', 'KEY', 'OR', ',', 'GRANT', 'REVOKE'].includes(at(index - 1))) {
      return false;
    }
    let next = index + 1;
    if (at(next) === 'ONLY') next += 1;
    next = afterName(next);
    if (next < 0) return false;
    if (at(next) === '*') next += 1;
    if (at(next) === 'AS') next += 1;
    if (at(next) !== 'SET' && isName(next)) next += 1;
    return at(next) === 'SET';
  };
  /** A condition that is always true and is the whole WHERE clause. */
  const alwaysTrue = (index: number) => {
    let end = -1;
    if (at(index) === 'TRUE') end = index + 1;
    else if (/^\d/.test(at(index)) && at(index + 1) === '=' && at(index + 2) === at(index)) {
      end = index + 3;
    }
    return end >= 0 && (end >= upper.length || at(end) === ')' || at(end) === 'RETURNING');
  };
  const dropKind = (index: number) =>
    DROP_KINDS.find((words) => words.every((word, offset) => at(index + offset) === word));

  let depth = 0;
  let inAlter = false;
  for (let index = 0; index < upper.length; index += 1) {
    const token = at(index);
    switch (token) {
      case '(':
        depth += 1;
        break;
      case ')':
        closeFrom(depth);
        depth = Math.max(0, depth - 1);
        break;
      case ';':
        closeFrom(0);
        depth = 0;
        inAlter = false;
        break;
      case 'ALTER': {
        inAlter = true;
        // ALTER [COLUMN] c [SET DATA] TYPE t (an action of ALTER TABLE).
        let next = index + 1;
        if (at(next) === 'COLUMN') next += 1;
        if (!isName(next) || at(next) === 'TABLE') break;
        next += 1;
        if (at(next) === 'SET' && at(next + 1) === 'DATA') next += 2;
        if (at(next) === 'TYPE') findings.alterColumnType = true;
        break;
      }
      case 'DROP': {
        // The DROP actions of ALTER TABLE (columns) and of other ALTERs are read elsewhere.
        if (inAlter) break;
        const kind = dropKind(index + 1);
        if (kind) {
          const name = kind.join(' ');
          if (!DROP_KINDS_REPORTED_ELSEWHERE.has(name) && !findings.drops.includes(name)) {
            findings.drops.push(name);
          }
        }
        break;
      }
      case 'CASCADE':
        if (!(at(index - 2) === 'ON' && ['DELETE', 'UPDATE'].includes(at(index - 1)))) {
          findings.cascade = true;
        }
        break;
      case 'DELETE':
        if (at(index + 1) === 'FROM' && at(index - 1) !== 'ON') {
          closeFrom(depth);
          frames.push({ kind: 'DELETE', depth, where: false });
        }
        break;
      case 'UPDATE':
        if (startsUpdate(index)) {
          closeFrom(depth);
          frames.push({ kind: 'UPDATE', depth, where: false });
        }
        break;
      case 'WHERE': {
        const frame = frames.at(-1);
        if (frame && frame.depth === depth && !alwaysTrue(index + 1)) frame.where = true;
        break;
      }
    }
  }
  closeFrom(0);
  return findings;
}

function hasTransactionBlock(statements: string[]): boolean {
  const start = statements.findIndex((statement) => TRANSACTION_START.test(statement));
  if (start === -1) return false;
  return statements.slice(start + 1).some((statement) => TRANSACTION_END.test(statement));
}

const validStatements = (topLevel: string) =>
  splitStatements(topLevel).filter((statement) => STATEMENT_START.test(statement));

/** How deep dynamic SQL inside dynamic SQL is read (`EXECUTE 'EXECUTE ''…'''`). */
const MAX_DYNAMIC_DEPTH = 3;
/** A statement that changes the schema or the data in bulk: what a stored query may hide. */
const SCHEMA_STATEMENT = /^(?:TRUNCATE|DROP|ALTER|CREATE|DELETE|UPDATE)\b/i;

interface DynamicStatements {
  /** Statements of dynamic SQL, read like the executable view (their own literals blanked). */
  statements: string[];
  /** DROP DATABASE in SQL that is certainly run (an EXECUTE argument, a quoted body). */
  dropsDatabase: boolean;
}

/**
 * Dynamic SQL hides statements in string literals (`EXECUTE 'TRUNCATE stories'`). A literal
 * that is certainly run is read as a whole; a literal that may only be a query stored for a
 * later `EXECUTE` is read for statements that start like schema changes, so ordinary text
 * ('please truncate table x later') stays data, and it never raises the DROP DATABASE error.
 */
function dynamicStatements(sql: string, depth = 1): DynamicStatements {
  const result: DynamicStatements = { statements: [], dropsDatabase: false };
  for (const literal of dynamicSql(sql)) {
    const views = sqlViews(literal.text);
    const statements = splitStatements(views.executable);
    if (literal.executed) {
      result.statements.push(...statements);
      if (DROP_DATABASE.test(views.executable)) result.dropsDatabase = true;
    } else {
      result.statements.push(...statements.filter((statement) => SCHEMA_STATEMENT.test(statement)));
    }
    if (depth < MAX_DYNAMIC_DEPTH) {
      const nested = dynamicStatements(literal.text, depth + 1);
      result.statements.push(...nested.statements);
      if (literal.executed && nested.dropsDatabase) result.dropsDatabase = true;
    }
  }
  return result;
}

function analyseDryRun(sql: string): DryRunResult {
  const views = sqlViews(sql);
  const statements = splitStatements(views.executable);
  const errors: string[] = [];
  const warnings: string[] = [];
  const affectedTables: string[] = [];
  const warn = (message: string) => {
    if (!warnings.includes(message)) warnings.push(message);
  };

  const dynamic = dynamicStatements(sql);
  const checked = [...statements, ...dynamic.statements];

  if (DROP_DATABASE.test(views.executable) || dynamic.dropsDatabase) {
    errors.push(dryRunMessages.dropDatabase);
  }
  for (const statement of checked) {
    if (TRUNCATE.test(statement)) warn(dryRunMessages.truncate);
  }
  for (const statement of checked) {
    if (dropsTableCascade(statement)) warn(dryRunMessages.dropTableCascade);
  }
  for (const statement of checked) {
    if (dropsColumn(statement)) warn(dryRunMessages.dropColumn);
  }
  // Beyond the spec's list: every other destructive statement (issue 12).
  const findings = checked.map(statementFindings);
  for (const finding of findings) for (const kind of finding.drops) warn(dropMessage(kind));
  checked.forEach((statement, index) => {
    // DROP TABLE … CASCADE has the spec's own message.
    if (findings[index]!.cascade && !dropsTableCascade(statement)) {
      warn(destructiveMessages.cascade);
    }
  });
  if (findings.some((finding) => finding.alterColumnType)) {
    warn(destructiveMessages.alterColumnType);
  }
  if (findings.some((finding) => finding.deleteWithoutWhere)) {
    warn(destructiveMessages.deleteWithoutWhere);
  }
  if (findings.some((finding) => finding.updateWithoutWhere)) {
    warn(destructiveMessages.updateWithoutWhere);
  }
  if (checked.some((statement) => POLICY_CHANGE.test(statement))) {
    warn(dryRunMessages.policyChange);
  }
  const topLevelStatements = validStatements(views.topLevel);
  if (topLevelStatements.length > 0 && !hasTransactionBlock(topLevelStatements)) {
    warn(dryRunMessages.noTransaction);
  }
  for (const statement of statements) collectTables(statement, affectedTables);

  return {
    success: errors.length === 0,
    errors,
    warnings,
    affectedTables,
    destructive: errors.length > 0 || warnings.some(isDestructiveWarning),
  };
}

const failureMessage = (error: unknown) =>
  dryRunMessages.analysisFailed + (error instanceof Error ? error.message : String(error));

/**
 * Reads migration SQL for dangerous statements. Errors make `success` false; warnings do not.
 * An internal failure is reported as the error 'Dry-run analysis failed: …', never thrown.
 */
export function dryRun(sql: string): DryRunResult {
  try {
    return analyseDryRun(sql);
  } catch (error) {
    return {
      success: false,
      errors: [failureMessage(error)],
      warnings: [],
      affectedTables: [],
      destructive: false,
    };
  }
}

/** Checks migration SQL for things that are rarely intended; safe only when there is no issue. */
export function validate(sql: string): ValidationResult {
  try {
    const issues: string[] = [];
    const views = sqlViews(sql);
    if (validStatements(views.topLevel).length === 0) issues.push(dryRunMessages.noStatements);
    if (AUTH_USERS.test(views.executable)) issues.push(dryRunMessages.authUsers);
    if (UUID.test(views.withLiterals)) issues.push(dryRunMessages.hardcodedUuid);
    return { safe: issues.length === 0, issues };
  } catch (error) {
    return { safe: false, issues: [failureMessage(error)] };
  }
}

/** Both readings and the overall verdict (success, safe, and nothing destructive). */
export function analyseMigration(sql: string): MigrationAnalysis {
  const dryRunResult = dryRun(sql);
  const validation = validate(sql);
  return {
    dryRun: dryRunResult,
    validation,
    passed: dryRunResult.success && validation.safe && !dryRunResult.destructive,
  };
}
