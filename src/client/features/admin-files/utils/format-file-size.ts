const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const K = 1024;

/** A file size in the spec's units (Bytes, KB, MB, GB), up to two decimals: 1536 → '1.5 KB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const index = Math.min(Math.floor(Math.log(bytes) / Math.log(K)), UNITS.length - 1);
  const value = Number((bytes / K ** index).toFixed(2));
  return `${value} ${UNITS[index]}`;
}
