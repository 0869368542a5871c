/**
 * Turn panel: Undo (the seat's own latest move of this turn, back to the last checkpoint) and "Undo the
 * whole …" (every step of the compound choice just taken, in one click), naming what was undone.
 */
import type { ComponentInteraction, HandlerEnv } from '../../context.js';
import type { IdFor } from '../../codec.js';
import { t } from '../../i18n/index.js';
import { labelNames } from '../../messages/index.js';
import { presenterFor } from '../../respond.js';
import { afterPanelChange } from '../after-click.js';
import { component } from '../component.js';

async function undo(env: HandlerEnv, interaction: ComponentInteraction, { id }: { readonly id: IdFor<'undo'> | IdFor<'undoall'> }): Promise<void> {
  const { service } = env.ctx;
  const result = await service.undo(id.gameId, interaction.user.id, id.seat, id.version, id.verb === 'undoall');
  let notice = t(env.locale, 'panel.undone');
  if (result.ok && result.undone.length > 0) {
    const game = result.outcome.after;
    const presenter = presenterFor(env.ctx, game.row.kind);
    const action = result.undone.map((a) => presenter.format(game.module.definition.describeAction(a), env.locale, labelNames(game))).join(' → ');
    notice = t(env.locale, 'panel.undoneAction', { action });
  }
  await afterPanelChange(env, interaction, id.gameId, id.seat, result, notice);
}

export const panelUndo = component({ verb: 'undo', ack: 'update', locked: true, handle: undo });

export const panelUndoWhole = component({ verb: 'undoall', ack: 'update', locked: true, handle: undo });
