/** Why the AI worker pool gave no answer, for the computer turns to act on (computer-turns.ts). */

/** The decision ran past its deadline plus a margin: it was abandoned and withdrawn from its worker. */
export class AiDecisionAbandonedError extends Error {
  constructor(readonly afterMs: number) {
    super(`the AI worker gave no answer within ${afterMs} ms; the decision was withdrawn`);
    this.name = 'AiDecisionAbandonedError';
  }
}

/** The pool is shutting down: the decision is left owed (a scheduled job plays it after the restart). */
export class AiPoolClosedError extends Error {
  constructor() {
    super('the AI worker pool is closed');
    this.name = 'AiPoolClosedError';
  }
}

/** The caller gave the decision up (its signal): it was taken out of the queue, or its worker told to stop. */
export class AiDecisionWithdrawnError extends Error {
  constructor() {
    super('the decision was withdrawn: its caller gave it up');
    this.name = 'AiDecisionWithdrawnError';
  }
}
