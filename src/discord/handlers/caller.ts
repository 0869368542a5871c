/**
 * The one who asked, as every handler sees them: their name, whether they may manage the channel, their
 * own hand and turn panel, and the refusal they get.
 */
import { PermissionFlagsBits, type Interaction } from 'discord.js';
import type { ActiveSnapshot, Refusal } from '../../app/game-service.js';
import type { Seat } from '../../engine/index.js';
import { answerCoached } from '../coaching.js';
import type { HandlerEnv } from '../context.js';
import { handMessage, panelMessage } from '../messages/index.js';
import type { PanelNotes } from '../messages/panel.js';
import { answerPrivately, presenterFor, refusalText } from '../respond.js';
import type { Given } from './needs.js';

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

/** "My hand" (button or command): the caller's own hand, only ever as a private answer to them. */
export async function answerHand(env: HandlerEnv, interaction: Interaction, { game, seat }: Given['player']): Promise<void> {
  await answerPrivately(interaction, handMessage(env.ctx.service, game, presenterFor(env.ctx, game.row.kind), seat.seat, env.locale, env.ctx.emojis));
}

/** The caller's own turn panel as the answer to their click, with a learning game's coaching (coaching.ts). */
export function answerPanel(env: HandlerEnv, interaction: Interaction, game: ActiveSnapshot, seat: Seat, notes: Omit<PanelNotes, 'coaching'> = {}): Promise<void> {
  return answerCoached(env, interaction, { game, seat, locale: env.locale }, (coaching) => panelMessage(env.ctx.service, game, presenterFor(env.ctx, game.row.kind), seat, env.locale, { ...notes, coaching, emojis: env.ctx.emojis }));
}
