/**
 * The bot's own words (everything a user reads that is not a game's engine text), in English. German and
 * Dutch have exactly the same keys (checked by the compiler and by a test). `{name}` placeholders only.
 */
export const en = {
  // commands (names are lower case, 1-32 letters, digits, - or _)
  'cmd.game.name': 'game',
  'cmd.game.description': 'Play a board game in this channel',
  'cmd.game.new.name': 'new',
  'cmd.game.new.description': 'Open a lobby for a new game in this channel',
  'cmd.game.status.name': 'status',
  'cmd.game.status.description': 'Post the current board again',
  'cmd.game.hand.name': 'hand',
  'cmd.game.hand.description': 'Show your hand (only you can see it)',
  'cmd.game.log.name': 'log',
  'cmd.game.log.description': 'Show what happened in the last turns',
  'cmd.game.settings.name': 'settings',
  'cmd.game.settings.description': 'Show or change reminders and the idle time of this game',
  'cmd.game.leave.name': 'leave',
  'cmd.game.leave.description': 'Leave the game in this channel (concede)',
  'cmd.game.abandon.name': 'abandon',
  'cmd.game.abandon.description': 'End the game in this channel for everyone (host or moderators)',
  'cmd.help.name': 'help',
  'cmd.help.description': 'How to play with this bot: commands, rules and decisions',
  'opt.game.name': 'game',
  'opt.game.description': 'Which game',
  'opt.players.name': 'players',
  'opt.players.description': 'How many seats the lobby offers (the host may start earlier)',
  'opt.layout.name': 'layout',
  'opt.layout.description': 'The board layout',
  'opt.variant.name': 'variant',
  'opt.variant.description': 'A rules variant',
  'opt.expansion.name': 'expansion',
  'opt.expansion.description': 'An expansion of the game',
  'opt.count.name': 'count',
  'opt.count.description': 'How many of the last actions to show',
  'opt.reminderHours.name': 'reminder_hours',
  'opt.reminderHours.description': 'Remind the player who must act after this many hours',
  'opt.reminderLimit.name': 'reminder_limit',
  'opt.reminderLimit.description': 'At most this many reminders per turn (0 = none)',
  'opt.idleHours.name': 'idle_hours',
  'opt.idleHours.description': 'After this many hours the others may vote to skip or remove an idle player',
  'opt.topic.name': 'topic',
  'opt.topic.description': 'What to explain',
  'help.topic.commands': 'Commands and how a turn works',
  'help.topic.rules': 'The rules of the game in this channel',
  'help.topic.decisions': "The project's decisions where the rulebook is silent",

  // permissions
  'perm.missing':
    "I can't play in this channel: I am missing the permission(s) {permissions}. Ask someone who manages this channel to grant them to me (channel settings -> Permissions -> {bot}), then try again.",
  'perm.ViewChannel': 'View Channel',
  'perm.SendMessages': 'Send Messages',
  'perm.AttachFiles': 'Attach Files',

  // refusals
  'refusal.unknown_game': 'I do not know the game "{kind}".',
  'refusal.invalid_layout': 'There is no layout "{value}" for this game; pick one of the suggestions.',
  'refusal.invalid_variant': 'There is no variant "{value}" for this game; pick one of the suggestions.',
  'refusal.invalid_expansion': 'There is no expansion "{value}" for this game; pick one of the suggestions.',
  'refusal.invalid_combination': 'These options do not work with {players} players. Choose another variant or fewer players.',
  'refusal.invalid_capacity': 'The number of players must be between {min} and {max}.',
  'refusal.channel_busy': 'This channel already has a game ({game}, game #{id}, {status}). Finish it or end it with /game abandon first, or start a game in another channel.',
  'refusal.no_game': 'There is no game in this channel. Start one with /game new.',
  'refusal.not_lobby': 'This lobby is closed.',
  'refusal.not_active': 'This game is not running any more.',
  'refusal.already_joined': 'You are already in this lobby.',
  'refusal.lobby_full': 'The lobby is full ({capacity} players).',
  'refusal.not_in_lobby': 'You are not in this lobby.',
  'refusal.host_cannot_leave': 'You are the host: use Cancel to close the lobby.',
  'refusal.not_host': 'Only the host or a member who may manage this channel can do that.',
  'refusal.too_few_players': 'At least {min} players are needed to start.',
  'refusal.stale': 'This board is out of date: the game has moved on. Here is the current state.',
  'refusal.not_a_player': 'You are not playing in this game.',
  'refusal.foreign_panel': 'These buttons belong to another player.',
  'refusal.not_your_turn': 'It is not your decision now: waiting for {players}.',
  'refusal.cannot_undo': 'Nothing to undo: you can undo only your own moves of this turn, back to the last die roll, card draw or hand-over.',
  'refusal.vote_closed': 'This vote is closed.',
  'refusal.cannot_vote': 'You cannot vote about your own turn.',
  'refusal.no_reminder': 'No reminder is pending for you.',
  'refusal.invalid_setting': '{field} must be a whole number from {min} to {max}.',
  'refusal.damaged':
    'The game #{id} in this channel is damaged and cannot be loaded ({reason}). It has been reported in the bot log; the host or a moderator can end it with /game abandon.',
  'refusal.bad_button': 'I do not recognise this button (it may come from an older version of the bot). Use /game status for a fresh board.',
  'error.generic': 'Something went wrong on my side and was logged (reference {ref}). Please try again.',

  // lobby
  'lobby.title': '**{game}**: new game opened by {host}',
  'lobby.options': 'Layout: {layout} · Variant: {variant}',
  'lobby.layoutOnly': 'Layout: {layout}',
  'lobby.expansion': 'Expansion: {expansion}',
  'lobby.seats': 'Players ({count}/{capacity}): {players}',
  'lobby.hint': 'Join with the button. The host starts when {min} to {capacity} players are in; seat order and start player are drawn at random.',
  'lobby.join': 'Join',
  'lobby.leave': 'Leave',
  'lobby.start': 'Start',
  'lobby.cancel': 'Cancel',
  'lobby.cancelled': '**{game}**: the lobby was closed by {user}.',
  'lobby.started': '**{game}** (game #{id}) has started. Seat order: {players}.',
  'variant.none': 'none',
  'expansion.none': 'none (base game)',
  'layout.none': 'standard',

  // board
  'board.title': '**{game}** · game #{id}',
  'board.lastTurn': 'Last turn: {events}',
  'board.nothing': 'no change on the board',
  'board.yourTurn': '{players}: your decision.',
  'board.takeTurn': 'Take my turn',
  'board.hand': 'My hand',
  'board.log': 'Log',
  'board.over': '**The game is over.** Final standings:',
  'board.standing': '{rank}. {player}: {summary}',
  'board.standingLeft': '{player} left the game',
  'board.conceded': '**The game is over.** {player} wins: every other player left the game.',
  'board.left': '{player} left the game.',
  'board.leftAutopilot': '{player} left the game; from now on their decisions are played automatically (the smallest legal move).',
  'board.removed': '{player} was removed from the game by vote.',
  'board.skipped': "{player}'s turn was skipped by vote.",
  'board.abandoned': '{user} ended game #{id} ({game}). No result is recorded.',
  'board.postFailed': 'The move was saved, but I could not post the new board. /game status posts it again.',
  'board.image': 'The {game} board after the last turn',

  // panel
  'panel.prompt': '**Your decision**: {prompt}',
  'panel.turnOver': 'Your turn is over; the new board is in the channel.',
  'panel.gameOver': 'The game is over; the final standings are in the channel.',
  'panel.undone': 'Undone.',
  'panel.did': 'You: {events}',
  'panel.undo': 'Undo',
  'panel.more': 'More actions',
  'panel.previousPage': '◀ Previous page',
  'panel.nextPage': 'Next page ▶',
  'panel.page': '{group} (page {page} of {pages})',

  // hand, log, status
  'hand.title': '**Your hand** (only you can see this)',
  'log.title': '**The last turns** of game #{id}',
  'log.empty': 'Nothing has happened yet.',
  'status.posted': 'The board is posted again.',
  'status.lobby': 'This channel has an open lobby for {game} (game #{id}); join it with its Join button.',

  // leave, abandon, settings
  'leave.done': 'You left the game.',
  'leave.lobby': 'You left the lobby.',
  'abandon.done': 'The game has ended.',
  'settings.show': 'Game #{id}: reminders every {hours} hours, at most {limit} per turn; the idle vote opens after {idle} hours.',
  'settings.updated': 'Settings saved. {settings}',
  'settings.field.reminderHours': 'reminder_hours',
  'settings.field.reminderLimit': 'reminder_limit',
  'settings.field.idleHours': 'idle_hours',

  // reminders and idle votes
  'reminder.text': '{players}: **{game}** (game #{id}) is waiting for your decision. Reminder {count} of {limit}.',
  'reminder.snooze': 'Snooze',
  'reminder.snoozed': 'Snoozed: the next reminder comes {when}.',
  'vote.open':
    '{player} has not decided for {hours} hours. The other players may vote to skip their turn (the smallest legal end of turn) or to remove them from the game. {needed} vote(s) decide.',
  'vote.repeat': '{player} has still not decided. The vote stays open; {needed} vote(s) decide.',
  'vote.skip': "Skip {player}'s turn",
  'vote.kick': 'Remove {player}',
  'vote.tally': 'Skip: {skip} · Remove: {kick} · needed: {needed}',
  'vote.recorded': 'Your vote is recorded.',
  'vote.passedSkip': "The vote passed: {player}'s turn is skipped.",
  'vote.passedKick': 'The vote passed: {player} is removed from the game.',

  // help
  'help.title': '**bazaar**: board games in Discord channels',
  'help.commands':
    '`/game new`: open a lobby (choose the game, seats, layout, variant, expansion); players join with the button and the host starts. One game per channel.\n' +
    '`/game status`: post the board again · `/game hand`: your hand, only for you · `/game log`: the last turns\n' +
    '`/game settings`: reminders and idle time · `/game leave`: concede · `/game abandon`: end the game (host or moderators)\n' +
    'After every turn the bot posts the board and mentions who decides next. **Take my turn** opens your private panel: each click is one decision; **Undo** takes back your moves of this turn up to the last die roll or card draw.',
  'help.policies':
    '**Playing over days**: the player who must decide is reminded every {hours} hours, at most {limit} times per turn (Snooze postpones the next reminder). After {idle} hours without a decision the other players may vote (a majority of them) to skip that turn (the smallest legal end of turn) or to remove the player; the player is mentioned, nothing happens silently.\n' +
    '**Leaving**: `/game leave` concedes. If the game rules allow it the seat is taken out; otherwise the seat stays and its decisions are played automatically with the smallest legal move. When only one player remains, that player wins.',
  'help.noGame': 'There is no game in this channel yet; the rules summary appears here when a game is chosen. Games: {games}.',
} as const;

export type CoreKey = keyof typeof en;
