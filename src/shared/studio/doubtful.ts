import { DOUBTFUL_CONFIDENCE } from '../contracts/studio.ts';

/**
 * A timing below the contract's DOUBTFUL_CONFIDENCE is doubtful: the editor marks the word or
 * sentence and sends the administrator there first, and publishing counts it as unreviewed
 * (decision 043). A timing without a confidence was set or confirmed by a person.
 */
export const isDoubtful = (confidence: number | undefined): confidence is number =>
  confidence !== undefined && confidence < DOUBTFUL_CONFIDENCE;
