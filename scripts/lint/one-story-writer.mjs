/**
 * ESLint rule: only one repository writes the rows of `stories` and `chapters` (decision 058).
 * Five repositories used to, and their copies of the same change drifted; any other module that
 * inserts, updates or deletes them, through the query builder (`db.update(chapters)`) or in SQL
 * (`update stories s …`, `update ${chapters} …`), is refused. Reads and row locks stay free.
 */

const TABLES = new Set(['stories', 'chapters']);
const WRITES = new Set(['insert', 'update', 'delete']);
/** A write statement naming the table in the SQL text itself. */
const WRITE_IN_TEXT =
  /\b(?:update|insert\s+into|delete\s+from)\s+(?:only\s+)?"?(?:stories|chapters)\b/i;
/** A write statement whose table is the next interpolated value (`update ${stories}`). */
const WRITE_BEFORE_TABLE = /\b(?:update|insert\s+into|delete\s+from)\s+(?:only\s+)?$/i;
/** The schema module, whatever the relative path or extension. */
const SCHEMA_MODULE = /(?:^|\/)db\/schema(?:\.ts)?$/;
/** Calls that run a plain SQL string (`db.execute('update …')`, `sql.raw('…')`, `pool.query`). */
const RUNS_SQL = new Set(['execute', 'query', 'raw']);

const message =
  'Only the admin stories repository writes stories and chapters (decision 058): add a method there and have it passed to your service in app-context.ts.';

/** @type {import('eslint').Rule.RuleModule} */
export const oneStoryWriter = {
  meta: {
    type: 'problem',
    docs: { description: 'Story and chapter rows have one writer.' },
    schema: [],
    messages: { elsewhere: message },
  },
  create(context) {
    /** Local names the schema's tables were imported under in this file. */
    const tableNames = new Set();
    const isTable = (node) => node?.type === 'Identifier' && tableNames.has(node.name);
    return {
      ImportDeclaration(node) {
        if (!SCHEMA_MODULE.test(String(node.source.value))) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && TABLES.has(specifier.imported.name)) {
            tableNames.add(specifier.local.name);
          }
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        const [first] = node.arguments;
        const writesTable = WRITES.has(method) && isTable(first);
        const runsWrite =
          RUNS_SQL.has(method) &&
          first?.type === 'Literal' &&
          typeof first.value === 'string' &&
          WRITE_IN_TEXT.test(first.value);
        if (writesTable || runsWrite) context.report({ node, messageId: 'elsewhere' });
      },
      // SQL templates (`sql\`…\``); a plain template string is a text, not a statement.
      'TaggedTemplateExpression > TemplateLiteral'(node) {
        node.quasis.forEach((quasi, index) => {
          const text = quasi.value.raw;
          if (
            WRITE_IN_TEXT.test(text) ||
            (WRITE_BEFORE_TABLE.test(text) && isTable(node.expressions[index]))
          ) {
            context.report({ node: quasi, messageId: 'elsewhere' });
          }
        });
      },
    };
  },
};
