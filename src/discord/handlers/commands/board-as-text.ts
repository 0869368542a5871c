/**
 * The message command "Board as text" (Apps › Board as text on a message): on a board of one of this
 * channel's games, the whole public board in words, privately, in the reader's language, as the button
 * beside the board answers (components/board-text.ts): the game as it stands now, whichever of its boards
 * was chosen, an old one too. The game is found from the message's own buttons (their custom_ids name it)
 * or, on an old board whose buttons are gone, from its picture's file name; any other message is answered
 * with a short word that it is not a board.
 */
import { ApplicationCommandType, type APIMessageTopLevelComponent, type Message, type MessageContextMenuCommandInteraction, type RESTPostAPIContextMenuApplicationCommandsJSONBody } from 'discord.js';
import { parseCustomId, type Verb } from '../../codec.js';
import { localised } from '../../command-data.js';
import type { HandlerEnv } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { answerBoardAsText } from '../components/board-text.js';

/** The buttons a board carries (a running game's and a finished one's). */
const BOARD_VERBS: ReadonlySet<Verb> = new Set(['turn', 'hand', 'log', 'phone', 'text', 'rematch', 'replay', 'analysis']);

/** A board picture's file name: `<game>-<id>-<version>.png` (the phone picture's ends in `-phone`). */
const BOARD_FILE = /^([a-z]+)-([1-9][0-9]{0,8})-(0|[1-9][0-9]{0,8})(?:-phone)?\.png$/;

export interface MessageCommandHandler {
  /** Its name as Discord is told (English), and its localised names. */
  readonly data: RESTPostAPIContextMenuApplicationCommandsJSONBody;
  handle(env: HandlerEnv, interaction: MessageContextMenuCommandInteraction): Promise<void>;
}

/** Every custom_id in a message's components, at any depth (rows, and Components V2's containers and sections). */
function customIdsOf(components: readonly unknown[]): string[] {
  const ids: string[] = [];
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    const c = value as { custom_id?: unknown; components?: unknown; accessory?: unknown };
    if (typeof c.custom_id === 'string') ids.push(c.custom_id);
    if (Array.isArray(c.components)) c.components.forEach(walk);
    walk(c.accessory);
  };
  components.forEach(walk);
  return ids;
}

/** The game whose board `message` is, by its buttons or its picture; null when it is no board of the bot. */
export function boardGameOf(message: Message, botId: string, kinds: ReadonlySet<string>): number | null {
  if (message.author.id !== botId) return null;
  const components = message.components.map((c) => c.toJSON() as APIMessageTopLevelComponent);
  for (const raw of customIdsOf(components)) {
    const id = parseCustomId(raw);
    if (id !== null && BOARD_VERBS.has(id.verb)) return id.gameId;
  }
  for (const attachment of message.attachments.values()) {
    const file = BOARD_FILE.exec(attachment.name);
    if (file !== null && kinds.has(file[1] as string)) return Number(file[2]);
  }
  return null;
}

export const boardAsTextCommand: MessageCommandHandler = {
  data: { type: ApplicationCommandType.Message, ...localised('boardText.command') },
  async handle(env, interaction) {
    const { service } = env.ctx;
    const notABoard = (): Promise<void> => answerPrivately(interaction, t(env.locale, 'boardText.notABoard', { takeTurn: t(env.locale, 'board.takeTurn'), rematch: t(env.locale, 'board.rematch') }));
    const gameId = boardGameOf(interaction.targetMessage, interaction.client.user.id, new Set(env.ctx.presenters.keys()));
    if (gameId === null) return notABoard();
    // Only a board of a game shown here: its channel or its own thread (a board is never shown elsewhere).
    const place = await service.gamePlace(gameId);
    if (place === undefined || (interaction.channelId !== place.channelId && interaction.channelId !== place.threadId)) return notABoard();
    const loaded = await service.byId(gameId);
    if (!loaded.ok || loaded.game.kind !== 'active') return notABoard();
    await answerBoardAsText(env, interaction, loaded.game);
  },
};
