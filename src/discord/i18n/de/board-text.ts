/** Der Spielplan in Worten: „Spielplan als Text“ (Knopf und Nachrichtenbefehl) und die Worte des Alternativtexts des Schlussdiagramms, auf Deutsch. */
export const boardText = {
  'boardText.button': 'Spielplan als Text',
  'boardText.command': 'Spielplan als Text',
  'boardText.title': '{game} · Spiel #{id}, wie es jetzt steht',
  'boardText.players': 'Spieler',
  'boardText.board': 'Der Spielplan',
  'boardText.notABoard': 'Diese Nachricht ist kein Spielplan eines Spiels dieses Kanals. Nutze „Spielplan als Text“ auf einem Spielplan: einer Nachricht des Bots mit dem Knopf **{takeTurn}** oder **{rematch}** oder einem Bild des Spielplans.',
  'summary.imageSeat': '{score} am Ende; in Führung nach {led} von {turns} Zügen',
} as const;
