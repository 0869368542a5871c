/** The phone picture of a board posted without it, added to the post when it is drawn. */
import type { Message } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import type { Logger } from '../../logger.js';
import { phoneEmbed, type PhonePictureLater } from '../messages/index.js';
import { describeError } from '../errors.js';

/**
 * A board posted before its phone picture (boards queued up for the render pool) gets it when it is
 * drawn: an edit that adds the file and the embed, nothing else (the buttons are the disarming's). A
 * newer board of the game withdraws the picture of the one before, drawn or not; like the phone picture
 * in the post itself, it is best effort: a failure is logged and the board stays as posted.
 */
export class PhonePicturesLater {
  /** Per game, the phone picture still to be added to its latest board. */
  readonly #owed = new Map<number, PhonePictureLater>();

  /** `track`: the deliverer waits for the task when it stops; `stopped`: whether it has. */
  constructor(
    private readonly logger: Logger,
    private readonly track: (task: Promise<unknown>) => void,
    private readonly stopped: () => boolean,
  ) {}

  add(game: Snapshot, sent: Message, later: PhonePictureLater | undefined): void {
    this.#owed.get(game.row.id)?.withdraw();
    if (later === undefined) {
      this.#owed.delete(game.row.id);
      return;
    }
    this.#owed.set(game.row.id, later);
    const log = { gameId: game.row.id, channelId: sent.channelId, messageId: sent.id };
    const added = later.png.then(
      async (png) => {
        if (this.#owed.get(game.row.id) !== later || this.stopped()) return;
        await sent.edit({
          files: [{ attachment: png, name: later.name, description: later.description }],
          attachments: [...sent.attachments.values()],
          embeds: [phoneEmbed(later.name)],
        });
        this.logger.info(log, 'the phone picture was added to the board');
      },
      (error: unknown) => {
        if (this.#owed.get(game.row.id) === later && !this.stopped()) this.logger.error({ ...log, err: error }, 'the phone picture could not be drawn; the board stays without it');
      },
    );
    this.track(
      added
        .catch((error: unknown) => this.logger.warn({ ...log, reason: describeError(error) }, 'the phone picture could not be added to the board; it stays without it'))
        .finally(() => {
          if (this.#owed.get(game.row.id) === later) this.#owed.delete(game.row.id);
        }),
    );
  }

  /** A phone picture not drawn yet is not waited for. */
  withdrawAll(): void {
    for (const later of this.#owed.values()) later.withdraw();
  }
}
