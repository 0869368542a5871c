/** The board in words: "Board as text" (the button and the message command) and the words of the final chart's alt text, in English. */
export const boardText = {
  'boardText.button': 'Board as text',
  'boardText.command': 'Board as text',
  'boardText.title': '{game} · game #{id}, as it stands now',
  'boardText.players': 'Players',
  'boardText.board': 'The board',
  'boardText.notABoard': 'This message is not a board of a game of this channel. Use “Board as text” on a board: a message of the bot with a **{takeTurn}** or **{rematch}** button or a picture of the board.',
  'summary.imageSeat': '{score} at the end; in the lead after {led} of {turns} turns',
} as const;
