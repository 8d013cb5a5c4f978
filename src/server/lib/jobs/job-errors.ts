/**
 * A job that cannot be done, with a message an administrator can act on ("The recording has no
 * speech…"). Handlers throw it for every failure they expect; anything else they throw is a
 * defect, logged in full and shown as {@link UNEXPECTED_FAILURE}.
 */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** Thrown by `reportProgress` once an administrator cancelled the job. */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled');
    this.name = 'JobCancelledError';
  }
}

export const UNEXPECTED_FAILURE =
  'The job stopped because of an error in the server (its log has the details): try again, and report it if it happens again';

/** `{times}` is "once" or "N times" (the repository fills it in SQL from the attempt count). */
export const INTERRUPTED_TEMPLATE =
  'The job was interrupted {times}: the server running it stopped each time';

/** Why a job whose worker kept dying was given up. */
export const interruptedMessage = (times: number) =>
  INTERRUPTED_TEMPLATE.replace('{times}', times === 1 ? 'once' : `${times} times`);
