import vm from 'node:vm';

/**
 * Whether a text parses as a classic browser script: compiled by V8, never run (a compiled
 * `vm.Script` does nothing until it is run in a context). Returns the parser's complaint, or null.
 * Tracking tags use it (decision 025): a tag that would only throw a SyntaxError on every public
 * page is refused when saved, and one stored before that rule is not served.
 */
export function scriptSyntaxProblem(code: string): string | null {
  try {
    new vm.Script(code, { filename: 'tracking-tag.js' });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
