/**
 * What an edit sends to take the buttons off a posted message, from the message as Discord answers with it:
 * a plain message loses its rows; a Components V2 message (a board) is sent back whole without them, with
 * its flag, its media naming its own files again (Discord answers with them resolved to their URLs).
 */
import { ButtonStyle, ComponentType, MessageFlags, type APIMessageTopLevelComponent } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { withoutButtons, type PostedMessage } from '../../src/discord/messages/index.js';

const BOARD_URL = 'https://cdn.discordapp.com/attachments/1/2/kairo-7-12.png';
const CHART_URL = 'https://cdn.discordapp.com/attachments/1/3/kairo-7-summary.png';
const attachments = [
  { id: '2', filename: 'kairo-7-12.png', url: BOARD_URL },
  { id: '3', filename: 'kairo-7-summary.png', url: CHART_URL },
];
const row: APIMessageTopLevelComponent = { type: ComponentType.ActionRow, id: 9, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Take my turn', custom_id: 'g7:abc:12:turn' }] };

describe('taking the buttons off a posted message', () => {
  it('a plain message loses its rows, and nothing else is sent', () => {
    expect(withoutButtons({ flags: 0, components: [row], attachments })).toEqual({ components: [] });
  });

  it('a board is sent back whole without its rows, with its flag, its pictures named by their files', () => {
    const board: PostedMessage = {
      flags: MessageFlags.IsComponentsV2,
      attachments,
      components: [
        {
          type: ComponentType.Container,
          id: 1,
          accent_color: 0xe69f00,
          components: [
            { type: ComponentType.TextDisplay, id: 2, content: '**Kairo** · game #7\n<@5>: your decision.' },
            // As Discord answers: resolved by the attachment's id, or only by its URL.
            { type: ComponentType.MediaGallery, id: 3, items: [{ media: { url: BOARD_URL, proxy_url: BOARD_URL, width: 1600, height: 900, content_type: 'image/png', attachment_id: '2' }, description: 'The board' }] },
            { type: ComponentType.MediaGallery, id: 4, items: [{ media: { url: CHART_URL } }] },
            { ...row, id: 5 },
          ],
        },
      ],
    };
    expect(withoutButtons(board)).toEqual({
      flags: MessageFlags.IsComponentsV2,
      components: [
        {
          type: ComponentType.Container,
          id: 1,
          accent_color: 0xe69f00,
          components: [
            { type: ComponentType.TextDisplay, id: 2, content: '**Kairo** · game #7\n<@5>: your decision.' },
            { type: ComponentType.MediaGallery, id: 3, items: [{ media: { url: 'attachment://kairo-7-12.png' }, description: 'The board' }] },
            { type: ComponentType.MediaGallery, id: 4, items: [{ media: { url: 'attachment://kairo-7-summary.png' } }] },
          ],
        },
      ],
    });
  });

  it('rows at the top level go too, a section keeps its text with its button disabled, and a container left empty goes', () => {
    const message: PostedMessage = {
      flags: MessageFlags.IsComponentsV2,
      attachments: [],
      components: [
        { type: ComponentType.TextDisplay, content: 'Lobby' },
        row,
        { type: ComponentType.Section, components: [{ type: ComponentType.TextDisplay, content: 'Join?' }], accessory: { type: ComponentType.Button, style: ButtonStyle.Success, label: 'Join', custom_id: 'join' } },
        { type: ComponentType.Container, components: [row] },
      ],
    };
    expect(withoutButtons(message).components).toEqual([
      { type: ComponentType.TextDisplay, content: 'Lobby' },
      { type: ComponentType.Section, components: [{ type: ComponentType.TextDisplay, content: 'Join?' }], accessory: { type: ComponentType.Button, style: ButtonStyle.Success, label: 'Join', custom_id: 'join', disabled: true } },
    ]);
  });
});
