export const SANITIZED_MAX_LENGTH = 5000;

/**
 * The spec's text sanitiser: trims, strips script tags, angle brackets, `javascript:`,
 * `data:text/html`, `vbscript:`, inline event-handler patterns and null characters, and truncates
 * to 5,000 characters.
 */
export function sanitizeText(input: string, maxLength = SANITIZED_MAX_LENGTH): string {
  return input
    .replace(/\0/g, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<\/?script\b[^>]*>/gi, '')
    .replace(/[<>]/g, '')
    .replace(/javascript\s*:/gi, '')
    .replace(/data\s*:\s*text\/html/gi, '')
    .replace(/vbscript\s*:/gi, '')
    .replace(/\bon[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s]*)/gi, '')
    .trim()
    .slice(0, maxLength);
}
