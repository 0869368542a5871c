/**
 * Showing a replay's frame to the user who asked, privately: opened by /game replay or the final board's
 * Replay button (a new private message), stepped by ◀ ▶ and the round menu (that message, in place). The
 * frame indexes and the pictures are kept per bot, each in a bounded cache.
 */
import { DM_SCOPE } from '../anywhere.js';
import { MessageFlags, type Interaction } from 'discord.js';
import { ReplayBook, type OpenReplay, type ReplayRefusal } from '../../app/replay/book.js';
import { RenderBusyError } from '../../render/board-job.js';
import { BoundedCache } from '../../app/replay/bounded-cache.js';
import type { BotContext, HandlerEnv } from '../context.js';
import { t } from '../i18n/index.js';
import { heldAt, pastLabelNames } from '../messages/index.js';
import { answerPrivately, isEphemeralMessage, notePrivately, presenterFor, refusalText } from '../respond.js';
import { echo } from '../text.js';
import { maySeeGame } from '../tables.js';
import { frameSequence, replayFrameMessage, type ReplayFrameMessage } from './frame-message.js';

/** Pictures kept: at most this many, and at most this many bytes (a board is a few hundred KB). */
export const PICTURES_KEPT = 64;
export const PICTURE_BYTES_KEPT = 48 * 1024 * 1024;

interface Replays {
  readonly book: ReplayBook;
  readonly pictures: BoundedCache<string, Buffer>;
}

const byContext = new WeakMap<BotContext, Replays>();

/** The replays of one bot (its frame indexes and pictures). */
export function replaysOf(ctx: BotContext): Replays {
  let replays = byContext.get(ctx);
  if (replays === undefined) {
    replays = { book: new ReplayBook(ctx.service), pictures: new BoundedCache(PICTURES_KEPT, PICTURE_BYTES_KEPT) };
    byContext.set(ctx, replays);
  }
  return replays;
}

/**
 * Why a game's replay (or analysis, or export: `asked`, whose texts say what was asked for) is not given, in
 * the asker's language.
 */
export function refusalOf(env: HandlerEnv, refusal: ReplayRefusal, inDm: boolean, asked: 'replay' | 'export' = 'replay'): string {
  switch (refusal.code) {
    case 'no_such_game':
      return t(env.locale, `${asked}.noSuchGame`, { id: refusal.gameId });
    case 'other_server':
      return t(env.locale, inDm ? `${asked}.otherConversation` : `${asked}.otherServer`, { id: refusal.gameId });
    case 'not_started':
      return t(env.locale, `${asked}.notStarted`, { id: refusal.gameId });
    case 'broken':
      return t(env.locale, `${asked}.broken`, { id: refusal.gameId, reason: echo(refusal.reason, 200) });
    case 'damaged':
      return refusalText(env.ctx, refusal, env.locale);
  }
}

/**
 * Shows frame `frame` of game `gameId` (of the interaction's server). `inPlace`: the click came from the
 * replay message itself, which then shows the frame; a refusal is a private note beside it and the replay
 * stays as it was. Otherwise the deferred private reply becomes the replay (or the refusal).
 */
export async function showReplayFrame(env: HandlerEnv, interaction: Interaction, gameId: number, frame: number, inPlace: boolean): Promise<void> {
  const refuse = (text: string): Promise<void> => (inPlace ? notePrivately(interaction, text) : answerPrivately(interaction, text));
  const replays = replaysOf(env.ctx);
  // In a direct message with the bot: its games only (stored under the direct messages' scope).
  const inDm = interaction.guildId === null;
  const open = await replays.book.open(gameId, inDm ? DM_SCOPE : interaction.guildId, inDm ? interaction.channelId : null);
  if (!open.ok) {
    env.logger.info({ gameId, code: open.code }, 'replay refused');
    return refuse(refusalOf(env, open, inDm));
  }
  // A game of a channel the user cannot view stays hidden from them, unless they play in it (also for a forged button).
  if (!(await maySeeGame(env, interaction, open.game.row))) {
    env.logger.info({ gameId }, 'replay refused: the channel is hidden from the user');
    return refuse(t(env.locale, 'replay.hidden', { id: gameId }));
  }
  const target = open.index.frames[frame];
  if (target === undefined) {
    env.logger.warn({ gameId, frame, frames: open.index.frames.length }, 'replay frame that does not exist');
    return refuse(t(env.locale, 'replay.noFrame'));
  }
  const presenter = presenterFor(env.ctx, open.game.row.kind);
  const view = replays.book.frame(open, target);
  let message: ReplayFrameMessage;
  try {
    message = await replayFrameMessage(env.ctx.service, open, view, presenter, env.locale, async (shown, lastTurn) => {
      const key = pictureKey(open, frame, env.locale);
      const kept = replays.pictures.get(key);
      if (kept !== undefined) return kept;
      try {
        // Behind the boards of live turns: a replay stepped quickly never slows a game in play.
        const options = { locale: env.locale, names: pastLabelNames(heldAt(open.game, open.holders, frameSequence(open, view)), env.locale), lastTurn, ...(shown.ranks === undefined ? {} : { ranks: shown.ranks }) };
        const png = await presenter.renderBoard(shown.view, options, 'asked');
        replays.pictures.set(key, png, png.byteLength);
        return png;
      } catch (error) {
        if (error instanceof RenderBusyError) throw error;
        env.logger.error({ err: error, gameId, frame }, 'a replay picture could not be drawn; showing the frame as text');
        return null;
      }
    });
  } catch (error) {
    if (!(error instanceof RenderBusyError)) throw error;
    env.logger.info({ gameId, frame }, 'replay frame refused: too many asked pictures wait for the render pool');
    return refuse(t(env.locale, 'replay.busy'));
  }
  if (!interaction.isRepliable()) return;
  const body = { content: message.content, components: message.components, files: message.file === undefined ? [] : [message.file], allowedMentions: { parse: [] } };
  // A replay's button forged onto a public message: that message stays; the frame comes privately.
  if (inPlace && !isEphemeralMessage(interaction)) {
    await interaction.followUp({ ...body, flags: MessageFlags.Ephemeral });
    return;
  }
  // The previous frame's picture goes (attachments: none kept); this frame's comes, or none when it could not be drawn.
  await interaction.editReply({ ...body, attachments: [] });
}

function pictureKey(open: OpenReplay, frame: number, locale: string): string {
  return `${open.game.row.id}:${open.game.row.version}:${frame}:${locale}`;
}
