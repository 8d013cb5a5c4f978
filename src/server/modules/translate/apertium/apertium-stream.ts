/**
 * Apertium's stream format (what its deformatter, apertium-destxt, would make of plain text): the
 * characters the stream gives a meaning to are escaped with a backslash; a line break and `~`
 * (post-generation's marker) travel as superblanks `[…]`, which every stage passes through
 * untouched. An empty superblank ends the text, so that its last word is read as finished.
 */
const ESCAPED = /[\\[\]^$/@<>{}]/g;

export function toApertiumStream(text: string): string {
  return (
    text
      // NUL ends a request in null-flush mode; it has no place in a sentence.
      .replaceAll('\0', '')
      .replace(ESCAPED, (char) => `\\${char}`)
      .replace(/\r?\n|\r|~/g, (blank) => `[${blank}]`) + '[]'
  );
}

/** Apertium's output as plain text: escapes undone, superblanks replaced by what they hold. */
export function fromApertiumStream(stream: string): string {
  let text = '';
  for (let index = 0; index < stream.length; index++) {
    const char = stream[index]!;
    if (char === '\\' && index + 1 < stream.length) {
      text += stream[++index];
    } else if (char !== '[' && char !== ']') {
      text += char;
    }
  }
  return text;
}
