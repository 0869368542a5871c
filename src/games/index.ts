/**
 * The games the bot hosts: one folder each (src/games/<game>/, see docs/architecture.md, "Adding a
 * game"), added here with one line. Everything per game (the game service's modules, the presenters, the AI worker's
 * policies, the render worker's pictures) is looked up in GAMES.
 */
import { istanbulGame } from './istanbul/game.js';
import { kairoGame } from './kairo/game.js';
import { gameRegistry } from './registry.js';

export const BUILT_IN_GAMES = [
  istanbulGame,
  kairoGame,
] as const;

export const GAMES = gameRegistry(BUILT_IN_GAMES);

/** The id of a built-in game ('istanbul' | 'kairo'). */
export type GameKind = (typeof BUILT_IN_GAMES)[number]['id'];
