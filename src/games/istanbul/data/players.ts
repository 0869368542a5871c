/** Player-count facts that are not tied to one place. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;

/** The start player gets 2 lira, each next player clockwise 1 more. */
export function startLira(turnOrder: number): number {
  return 2 + turnOrder;
}

export function rubyTarget(players: number): number {
  return players === 2 ? 6 : 5;
}

export const RUBIES_IN_BOX = 32;
export const ASSISTANTS_PER_PLAYER = 5;
export const BASE_CAPACITY = 2;
export const MAX_EXTENSIONS = 3;
export const EXTENSION_PRICE = 7;
export const MERCHANT_FEE = 2;
export const CAPTURE_LIRA = 3;
export const ENCOUNTER_FEE = 2;
export const GREEN_TILE_PRICE = 2;
export const YELLOW_TILE_PRICE = 2;
export const TAKE_LIRA_CARD = 5;
/** 2 players: the merchants of the unused colours start on these places. */
export const NEUTRAL_MERCHANT_STARTS: readonly number[] = [14, 15, 16];
