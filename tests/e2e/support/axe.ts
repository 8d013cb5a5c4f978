import type AxeBuilder from '@axe-core/playwright';

/** An axe scan's violations, one readable line each (rule, help, elements): [] when it passes. */
export async function axeViolations(builder: AxeBuilder): Promise<string[]> {
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}
