/**
 * What follows from every commit, in this order, in the commit's transaction: the game's jobs first (a
 * finished game's go), then a finished game's results and ratings, then the board the channel is owed,
 * then the bench's post offering a seat handed to a computer.
 * A change of the game's settings runs those of them that follow one (the turn's jobs move). The core
 * receives this list (see game-service.ts): a change runs it without knowing what is on it.
 */
import type { CommitConsequence } from '../core.js';
import { benchOffered } from './bench-offer.js';
import { boardOwed } from './board.js';
import { finishedGameRated } from './finished-game.js';
import { turnJobsFollow } from './turn-jobs.js';

export const COMMIT_CONSEQUENCES: readonly CommitConsequence[] = [turnJobsFollow, finishedGameRated, boardOwed, benchOffered];
