/** Die Analyse einer beendeten Partie (Analyse am Endstand und in der Wiederholung), auf Deutsch. */
export const analysis = {
  'analysis.button': 'Analyse',
  'analysis.title': '**Analyse** von {game} #{id}: die Gewinnchance jedes Spielers nach jedem Zug, wie der Computer sie nach dem Ende der Partie schätzt.',
  'analysis.player': '**{number} · {player}**, die Züge, in denen die Chance am stärksten fiel:',
  'analysis.noDrop': '**{number} · {player}**: Die Gewinnchance fiel in keinem eigenen Zug.',
  'analysis.turn': '- Zug {turn}: gespielt {played}; der Computer hätte {suggested} gespielt (Gewinnchance {from} % → {to} %)',
  'analysis.turnSame': '- Zug {turn}: Der Computer hätte dasselbe gespielt (Gewinnchance {before} % → {after} % über den Zug)',
  'analysis.computing': 'Die Analyse von {game} #{id} wird berechnet: {done} von {turns, plural, one {# Zug} other {# Zügen}}. Frag später noch einmal.',
  'analysis.setAside': 'Die Analyse von {game} #{id} konnte nicht erstellt werden.',
  'analysis.notFinished': 'Eine Analyse gibt es, sobald eine Partie zu Ende gespielt ist: {game} #{id} ist es nicht.',
  'analysis.none': '{game} hat keinen Computerspieler, der seine Partien analysiert.',
  'analysis.chartTitle': 'Gewinnchance · {game} #{id}',
  'analysis.chartLabel': 'Gewinnchance (%)',
} as const;
