/**
 * Builds the bot's messages (lobby, board, turn panel, hand, log, reminder, idle vote) from the game
 * service's snapshots, one file per kind of message. Public messages use the game's locale (the server's),
 * ephemeral ones the user's. Hands and private events only ever go into ephemeral messages for their owner.
 * What the rest of the bot uses is handed on here; the files of this folder import each other directly.
 */
export { CONTENT_MAX, characters, gameLocale, laidOut, textMax, withFirstLine, withoutButtons, type PostedMessage, type PrivateMessage, type PublicMessage, type Row } from './shared.js';
export { computerPlayerName, heldAt, labelNames, mention, names, pastLabelNames, playerById, wholeGameLabelNames } from './names.js';
export { turnNames, wholeWithin } from './turns.js';
export { lobbyMessage } from './lobby.js';
export { boardMessage, type BoardNotes, phonePicture, playingOrderText } from './board.js';
export { standingsLines, standingsNow } from './standings.js';
export { CHAIN_GROUP, compoundConfirmMessage, panelActions, panelChoices, panelMessage, panelPictureOff } from './panel.js';
export { handMessage } from './hand.js';
export { logLines, logMessage } from './log.js';
export { bankLowMessage, type ReminderLine, reminderLine, reminderMessage, reminderTogetherMessage } from './reminder.js';
export { hoursSince, voteMessage } from './vote.js';
export { settingsMessage, settingsText } from './settings.js';
export { confirmMessage } from './confirm.js';
export { abandonedMessage } from './abandoned.js';
