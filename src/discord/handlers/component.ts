/**
 * A component handler as its file declares it: its verb, how the router acknowledges the click, where its
 * custom_id is honoured, and what it needs before it runs: the bot's permission to post in the channel,
 * the game's lock, the game and the caller's seat (needs.ts). `component` turns the declaration into the
 * one shape the router dispatches (context.ts): what was declared is checked here, once, and the handler
 * gets exactly what it declared, typed by it.
 */
import type { Seat } from '../../engine/index.js';
import type { CustomId, IdFor, Verb } from '../codec.js';
import type { ComponentHandler, ComponentInteraction, HandlerEnv } from '../context.js';
import { answerPrivately, missingPermissions } from '../respond.js';
import { fulfil, type Given, type Need, type PanelNeed } from './needs.js';

/** What the handler is handed: the parsed custom_id, and what its need gives. */
export type Click<V extends Verb, G = unknown> = { readonly id: IdFor<V> } & G;

interface Declaration<V extends Verb, G> {
  readonly verb: V;
  readonly ack: ComponentHandler['ack'];
  readonly scope?: ComponentHandler['scope'];
  /** The click may post to the channel (a board, a lobby): the bot's permissions there are checked before anything changes. */
  readonly posts?: true;
  /** The click changes the game: the handler runs under the game's lock. */
  readonly locked?: true;
  handle(env: HandlerEnv, interaction: ComponentInteraction, click: Click<V, G>): Promise<void>;
}

/** A panel's needs are for clicks whose custom_id names the panel's seat. */
type NeedOf<V extends Verb> = IdFor<V> extends { readonly seat: Seat } ? Need : Exclude<Need, PanelNeed>;

export function component<V extends Verb, N extends Need>(declared: Declaration<V, Given[N]> & { readonly needs: N & NeedOf<V> }): ComponentHandler<V>;
export function component<V extends Verb>(declared: Declaration<V, unknown>): ComponentHandler<V>;
export function component(declared: Declaration<Verb, Partial<Given[Need]>> & { readonly needs?: Need }): ComponentHandler {
  const { verb, ack, scope, posts, locked, needs } = declared;
  async function run(env: HandlerEnv, interaction: ComponentInteraction, id: CustomId): Promise<void> {
    if (needs === undefined) return declared.handle(env, interaction, { id });
    const caller = { userId: interaction.user.id, panelSeat: 'seat' in id ? id.seat : undefined };
    const given = await fulfil(env, interaction, needs, await env.ctx.service.byId(id.gameId), caller);
    if (given !== undefined) await declared.handle(env, interaction, { id, ...given });
  }
  return {
    verb,
    ack,
    scope: scope ?? 'channel',
    async handle(env, interaction, id) {
      if (id.verb !== verb) throw new Error(`a ${id.verb} custom_id given to the ${verb} handler`);
      if (posts === true) {
        const missing = missingPermissions(interaction, env.locale);
        if (missing !== null) return answerPrivately(interaction, missing);
      }
      if (locked === true) return env.ctx.service.lockedGame(id.gameId, () => run(env, interaction, id));
      return run(env, interaction, id);
    },
  };
}
