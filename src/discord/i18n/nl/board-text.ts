/** Het bord in woorden: „Bord als tekst” (de knop en het berichtcommando) en de woorden van de alternatieve tekst van de slotgrafiek, in het Nederlands. */
export const boardText = {
  'boardText.button': 'Bord als tekst',
  'boardText.command': 'Bord als tekst',
  'boardText.title': '{game} · spel #{id}, zoals het nu staat',
  'boardText.players': 'Spelers',
  'boardText.board': 'Het bord',
  'boardText.notABoard': 'Dit bericht is geen bord van een spel in dit kanaal. Gebruik „Bord als tekst” op een bord: een bericht van de bot met de knop **{takeTurn}** of **{rematch}** of een afbeelding van het bord.',
  'summary.imageSeat': '{score} aan het eind; aan de leiding na {led} van {turns} beurten',
} as const;
