/** `$7`, `$1,000`. */
export const formatDollars = (amount: number): string =>
  `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
