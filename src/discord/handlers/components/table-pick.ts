/**
 * The menu "which game?" (a command given in a channel with several running games, see ../../tables.ts):
 * the game chosen runs the command, with the options it was given (carried in the custom_id). The answer
 * replaces the menu. A value that is not one of the games the command may be about changes nothing.
 */
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { TABLE_COMMAND_HANDLERS } from '../commands.js';
import { component } from '../component.js';

/** Non-negative integers without leading zeros (a game id). */
const GAME_ID = /^[1-9][0-9]{0,8}$/;

export const tablePick = component({
  verb: 'pick',
  ack: 'update',
  async handle(env, interaction, { id }) {
    const values = interaction.isStringSelectMenu() ? interaction.values : [];
    const raw = values.length === 1 ? values[0] : undefined;
    if (raw === undefined || !GAME_ID.test(raw)) return answerPrivately(interaction, t(env.locale, 'refusal.bad_button'));
    await TABLE_COMMAND_HANDLERS[id.command].pick(env, interaction, Number(raw), id.args);
  },
});
