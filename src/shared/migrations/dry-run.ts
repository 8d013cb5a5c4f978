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
}

export interface ValidationResult {
  /** True only when there is no issue. */
  safe: boolean;
  issues: string[];
}

export interface MigrationAnalysis {
  dryRun: DryRunResult;
  validation: ValidationResult;
  /** Overall pass: the dry-run succeeded and the validation found the SQL safe. */
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
const SCHEMA_STATEMENT = /^(?:TRUNCATE|DROP|ALTER|CREATE)\b/i;

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
  if (checked.some((statement) => POLICY_CHANGE.test(statement))) {
    warn(dryRunMessages.policyChange);
  }
  const topLevelStatements = validStatements(views.topLevel);
  if (topLevelStatements.length > 0 && !hasTransactionBlock(topLevelStatements)) {
    warn(dryRunMessages.noTransaction);
  }
  for (const statement of statements) collectTables(statement, affectedTables);

  return { success: errors.length === 0, errors, warnings, affectedTables };
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
    return { success: false, errors: [failureMessage(error)], warnings: [], affectedTables: [] };
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

/** Both readings and the overall verdict (dry-run success and validation safe). */
export function analyseMigration(sql: string): MigrationAnalysis {
  const dryRunResult = dryRun(sql);
  const validation = validate(sql);
  return {
    dryRun: dryRunResult,
    validation,
    passed: dryRunResult.success && validation.safe,
  };
}
