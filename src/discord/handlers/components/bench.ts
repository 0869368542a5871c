/**
 * The substitute bench: Take the seat (the bench post's button, pressed in the bench channel: anywhere in
 * the game's server), Ask for my seat back (the seat's owner, from Take my turn), and the substitute's
 * answer to that request (Give the seat back / Keep it).
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import { encodeCustomId } from '../../codec.js';
import { t } from '../../i18n/index.js';
import { gameLocale, handMessage } from '../../messages/index.js';
import { tableLink } from '../../tables.js';
import { answerPrivately, markCommitted, presenterFor } from '../../respond.js';
import { deliverNow } from '../after-click.js';
import { displayName, refuse } from '../caller.js';
import { component } from '../component.js';

export const benchTake = component({
  verb: 'bench',
  ack: 'ephemeral',
  scope: 'guild',
  locked: true,
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const result = await service.takeSeat(id.gameId, id.seat, { userId: interaction.user.id, displayName: displayName(interaction) }, interaction.guildId);
    if (!result.ok) return refuse(env, interaction, result);
    markCommitted(interaction);
    const game = result.outcome.after;
    // The table is told, and the bench post closed, before the new holder reads their hand.
    const posted = await deliverNow(env, game.row.id, result.outcome.boardDelivery, game);
    const presenter = presenterFor(env.ctx, game.row.kind);
    const hand = handMessage(service, game, presenter, id.seat, env.locale);
    // The table at its newest message (a running game has posted one), else its channel.
    const link = tableLink(game.row) ?? `https://discord.com/channels/${game.row.guildId}/${game.row.threadId ?? game.row.channelId}`;
    const seated = t(env.locale, 'bench.seated', { game: presenter.name(env.locale), id: game.row.id, link });
    await answerPrivately(interaction, { ...hand, content: [seated, ...(posted ? [] : [t(env.locale, 'board.postPending')]), hand.content].join('\n') });
  },
});

export const seatAskBack = component({
  verb: 'askback',
  ack: 'ephemeral',
  locked: true,
  async handle(env, interaction, { id }) {
    const result = await env.ctx.service.askSeatBack(id.gameId, interaction.user.id);
    if (!result.ok) return refuse(env, interaction, result);
    markCommitted(interaction);
    await deliverNow(env, id.gameId, null);
    await answerPrivately(interaction, t(env.locale, 'bench.asked', { player: `<@${result.substitute}>` }));
  },
});

export const seatBackAnswer = component({
  verb: 'seatback',
  ack: 'ephemeral',
  locked: true,
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const result = await service.answerSeatBack(id.gameId, id.seat, interaction.user.id, id.answer === 'give');
    if (!result.ok) return refuse(env, interaction, result);
    const loaded = await service.byId(id.gameId);
    // The request was posted to the table: its answer reads in the table's language.
    const locale = loaded.ok ? gameLocale(loaded.game) : env.locale;
    const verdict = t(locale, id.answer === 'give' ? 'bench.gaveBack' : 'bench.keeps', { player: `<@${interaction.user.id}>`, owner: `<@${result.owner}>` });
    if (result.outcome !== null) {
      markCommitted(interaction);
      await deliverNow(env, id.gameId, result.outcome.boardDelivery, result.outcome.after);
    }
    try {
      await interaction.message.edit({ content: verdict, components: [], allowedMentions: { parse: [] } });
    } catch (error) {
      env.logger.warn({ err: error, gameId: id.gameId }, 'could not close the request for the seat');
    }
    await answerPrivately(interaction, verdict);
  },
});

/** The private answer offering a seat's owner to ask its substitute for it back. */
export function askBackOffer(locale: Parameters<typeof t>[0], gameId: number, version: number, substitute: string): { content: string; components: never[] } {
  return {
    content: t(locale, 'bench.yourSeatHeld', { player: `<@${substitute}>` }),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: t(locale, 'bench.askBack'), custom_id: encodeCustomId({ gameId, version, verb: 'askback' }) }],
      },
    ] as never[],
  };
}
