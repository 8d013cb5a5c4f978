import type { TranscriptSegment } from '../transcript.ts';

/**
 * For tests: a transcript line whose words are said one after another, 0.4 s each with 0.1 s
 * between, from `startAt`; each word's text without the punctuation around it, as the line
 * writes it otherwise.
 */
export function timedLine(
  id: string,
  text: string,
  startAt: number,
  extra: Partial<TranscriptSegment> = {},
): TranscriptSegment {
  const words = text.split(' ').map((word, i) => ({
    id: `${id}w${i + 1}`,
    text: word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
    start: startAt + i * 0.5,
    end: startAt + i * 0.5 + 0.4,
  }));
  return { id, text, start: startAt, end: words.at(-1)!.end, words, ...extra };
}

/** For tests: a short beginner's chapter, with a name, numbers and a line timed with doubt. */
export const practiceChapterLines: TranscriptSegment[] = [
  timedLine('s1', 'Lucía vive en una casa pequeña cerca del mercado.', 0),
  timedLine('s2', 'Cada mañana compra pan y leche para su madre.', 6),
  timedLine('s3', 'Tiene 3 gatos y veinte libros en la cocina.', 12),
  timedLine('s4', 'Un día, Lucía encuentra una carta debajo de la puerta.', 18),
  timedLine('s5', 'La carta dice que su abuelo llega mañana en el tren.', 25),
  timedLine('s6', 'Ella corre a la estación con su hermano Pablo.', 32),
  timedLine('s7', 'El tren llega tarde, pero el abuelo sonríe.', 38),
  timedLine('s8', 'Todos vuelven juntos a casa por la calle Mayor.', 44),
  timedLine('s9', 'Esta línea tiene el tiempo dudoso entero.', 50, { confidence: 0.2 }),
];
