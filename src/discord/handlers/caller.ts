/**
 * The one who asked, as every handler sees them: their name, whether they may manage the channel, the
 * game their command is about, their own hand, and the refusal they get.
 */
import { PermissionFlagsBits, type Interaction } from 'discord.js';
import type { Refusal, Result, Snapshot } from '../../app/game-service.js';
import type { HandlerEnv } from '../context.js';
import { handMessage } from '../messages/index.js';
import { answerPrivately, presenterFor, refusalText } from '../respond.js';

export function displayName(interaction: Interaction): string {
  const member = interaction.member;
  if (member !== null && 'displayName' in member && typeof member.displayName === 'string') return member.displayName;
  if (member !== null && 'nick' in member && typeof member.nick === 'string' && member.nick !== '') return member.nick;
  return interaction.user.globalName ?? interaction.user.username;
}

/** Members who may manage the channel may end or configure any game in it. */
export function canManage(interaction: Interaction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false;
}

export async function refuse(env: HandlerEnv, interaction: Interaction, refusal: Refusal): Promise<void> {
  await answerPrivately(interaction, refusalText(env.ctx, refusal, env.locale));
}

/**
 * The game a command is about, loaded (see ../tables.ts): game `gameId` (`finished` when it has ended), or,
 * with null (no running game in the channel), the channel's last ended game.
 */
export async function loadForCommand(env: HandlerEnv, gameId: number | null): Promise<Result<{ game: Snapshot; finished: boolean }>> {
  if (gameId === null) return env.ctx.service.byChannelOrFinished(env.channelId);
  const loaded = await env.ctx.service.byId(gameId);
  if (!loaded.ok) return loaded;
  const status = loaded.game.row.status;
  return { ok: true, game: loaded.game, finished: status === 'finished' || status === 'abandoned' };
}

/** "My hand" (button or command): the caller's own hand, only ever as a private answer to them. */
export async function answerHand(env: HandlerEnv, interaction: Interaction, loaded: Result<{ game: Snapshot }>): Promise<void> {
  const { service } = env.ctx;
  if (!loaded.ok) return refuse(env, interaction, loaded);
  const game = loaded.game;
  if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
  const seat = service.seatOf(game, interaction.user.id);
  if (seat === undefined) return refuse(env, interaction, { ok: false, code: 'not_a_player' });
  await answerPrivately(interaction, handMessage(service, game, presenterFor(env.ctx, game.row.kind), seat.seat, env.locale));
}
