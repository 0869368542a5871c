/** De analyse van een uitgespeeld spel (Analyse bij de eindstand en in de herhaling), in het Nederlands. */
export const analysis = {
  'analysis.button': 'Analyse',
  'analysis.title': '**Analyse** van {game} #{id}: de winkans van elke speler na elke beurt, zoals de computer die na afloop van het spel schat.',
  'analysis.player': '**{number} · {player}**, de beurten waarin de kans het meest daalde:',
  'analysis.noDrop': '**{number} · {player}**: de winkans daalde in geen enkele eigen beurt.',
  'analysis.turn': '- Beurt {turn}: gespeeld {played}; de computer had {suggested} gespeeld (winkans {from}% → {to}%)',
  'analysis.turnSame': '- Beurt {turn}: de computer had hetzelfde gespeeld (winkans {before}% → {after}% over de beurt)',
  'analysis.computing': 'De analyse van {game} #{id} wordt berekend: {done} van {turns, plural, one {# beurt} other {# beurten}}. Vraag het later nog eens.',
  'analysis.setAside': 'De analyse van {game} #{id} kon niet worden gemaakt.',
  'analysis.notFinished': 'Een analyse komt er zodra een spel is uitgespeeld: {game} #{id} is dat niet.',
  'analysis.none': '{game} heeft geen computerspeler om zijn spellen te analyseren.',
  'analysis.chartTitle': 'Winkans · {game} #{id}',
  'analysis.chartLabel': 'Winkans (%)',
} as const;
