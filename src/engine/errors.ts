/** Why `step` refused an action. Refusals are values, never exceptions. */
export type StepErrorCode =
  | 'malformed_action'
  | 'game_over'
  | 'not_your_turn'
  | 'illegal_action'
  | 'stale_version';

export interface StepError {
  readonly ok: false;
  readonly code: StepErrorCode;
  readonly detail: string;
}

export function stepError(code: StepErrorCode, detail: string): StepError {
  return { ok: false, code, detail };
}
