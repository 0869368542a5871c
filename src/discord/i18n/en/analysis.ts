/** A finished game's analysis (the final board's Analysis, and a replay's), in English. */
export const analysis = {
  'analysis.button': 'Analysis',
  'analysis.title': "**Analysis** of {game} #{id}: each player's chance to win after every turn, as the computer estimated it once the game was over.",
  'analysis.player': '**{number} · {player}**, the turns where their chance fell most:',
  'analysis.noDrop': '**{number} · {player}**: their chance to win never fell on their own turn.',
  'analysis.turn': '- Turn {turn}: played {played}; the computer would have played {suggested} (win chance {from}% → {to}%)',
  'analysis.turnSame': '- Turn {turn}: the computer would have played the same (win chance {before}% → {after}% over the turn)',
  'analysis.computing': 'The analysis of {game} #{id} is being computed: {done} of {turns, plural, one {# turn} other {# turns}}. Ask again in a while.',
  'analysis.setAside': 'The analysis of {game} #{id} could not be made.',
  'analysis.notFinished': 'An analysis is made once a game has finished: {game} #{id} has not.',
  'analysis.none': '{game} has no computer player to analyse its games.',
  'analysis.chartTitle': 'Win chance · {game} #{id}',
  'analysis.chartLabel': 'Win chance (%)',
} as const;
