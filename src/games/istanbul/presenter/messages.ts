/** The presenter's words (panel groups, prompts, the hand, help), in en, de and nl, with Letters & Seals' own. */
import type { Catalogue, Catalogues } from '../../../engine/index.js';
import { expansionDe, expansionEn, expansionNl } from './expansion.js';
import { wordsDe, wordsEn, wordsNl } from './words-messages.js';
import { catchUpDe, catchUpEn, catchUpNl } from './catch-up.js';

const en: Catalogue = {
  'istanbul.group.move': 'Move your merchant to…',
  'istanbul.group.main': 'Choose',
  'istanbul.group.sell': 'Sell goods…',
  'istanbul.group.police': 'Send your family member to…',
  'istanbul.group.teaHouse': 'Announce a number…',
  'istanbul.group.fountain': 'Bring back assistants…',
  'istanbul.group.discard': 'Discard a bonus card…',
  'istanbul.group.mosque': 'Take a mosque tile…',
  'istanbul.group.sultan': 'Deliver to the Sultan…',
  'istanbul.group.encounter': 'Encounters…',
  'istanbul.group.pay': 'Pay…',
  'istanbul.group.cards': 'Play a bonus card…',
  'istanbul.group.tile': 'Use the yellow mosque tile…',
  'istanbul.group.end': 'End',
  'istanbul.variant.base': 'Base game',
  'istanbul.variant.neutral': 'Neutral assistants (2–4 players)',
  'istanbul.status': 'Round {round} · {target} rubies end the game · rubies: {rubies}',
  'istanbul.status.last': 'Last round: {player} has {rubies, plural, one {# ruby} other {# rubies}}.',
  'istanbul.status.final': 'After the last round: money and goods cards may still be played.',
  'istanbul.prompt.place': '{prompt} ({place})',
  'istanbul.prompt.dice': '{prompt} (dice {die1} and {die2})',
  'istanbul.hand.cards': 'Bonus cards: {cards}',
  'istanbul.hand.noCards': 'Bonus cards: none',
  'istanbul.hand.resources': '{lira} lira · {rubyMark}{rubies, plural, one {# ruby} other {# rubies}} · goods (of {capacity} each): {red} red, {green} green, {yellow} yellow, {blue} blue',
  'istanbul.hand.assistants': 'Assistants: {stack} with your merchant, {placed} on the board, {supply} beside it · mosque tiles: {mosqueTiles}',
  'istanbul.help.rules':
    '## Istanbul\n' +
    'Rüdiger Dorn · 2–5 players. You are a merchant in the bazaar with a stack of assistants.\n' +
    '### Your turn\n' +
    '- **Move** 1 or 2 places (bonus cards can change this).\n' +
    '- **Assistant**: leave one there, or pick up the one you left earlier. With neither, the turn ends at once; the Fountain brings assistants back.\n' +
    '- **Pay** 2 lira to each other merchant there.\n' +
    '- **Place action**: fill up at a warehouse, sell at a market, draw cards at the Caravansary, gamble at the Tea House, buy wheelbarrow extensions, mosque tiles and rubies.\n' +
    '- **Meet** the Governor, the Smuggler or another family member there for extra options.\n' +
    '### The end\n' +
    '- The first player with 5 rubies (6 with 2 players) ends the game after the round; then everyone may still play money and goods cards.\n' +
    '- Most rubies wins; ties: most lira, then goods, then bonus cards.',
  'istanbul.help.decisions':
    "**The project's decisions** (where the rulebook is silent):\n" +
    '- Neutral-assistant variant: the neutral colour is white (2–4 players).\n' +
    '- After the last round each player, in turn order, gets one final step to play cards that give money or goods (Take 5 lira, Take 1 good), then finishes.\n' +
    '- Every decision has an owner and an end: decisions outside your turn are asked in the channel with a mention; when a player does not answer, the idle vote (see /help) lets a computer player play their seat (every decision, moves included, named on the board) until they take it back, or removes them; no turn is skipped.\n' +
    '- Undo goes back inside your turn up to the last die roll, card draw or hand-over.',
};

const de: Catalogue = {
  'istanbul.group.move': 'Kaufmann ziehen nach…',
  'istanbul.group.main': 'Wählen',
  'istanbul.group.sell': 'Waren verkaufen…',
  'istanbul.group.police': 'Familienmitglied schicken nach…',
  'istanbul.group.teaHouse': 'Eine Zahl ansagen…',
  'istanbul.group.fountain': 'Gehilfen zurückholen…',
  'istanbul.group.discard': 'Eine Bonuskarte abwerfen…',
  'istanbul.group.mosque': 'Ein Moscheeplättchen nehmen…',
  'istanbul.group.sultan': 'An den Sultan liefern…',
  'istanbul.group.encounter': 'Begegnungen…',
  'istanbul.group.pay': 'Bezahlen…',
  'istanbul.group.cards': 'Eine Bonuskarte ausspielen…',
  'istanbul.group.tile': 'Das gelbe Moscheeplättchen nutzen…',
  'istanbul.group.end': 'Ende',
  'istanbul.variant.base': 'Grundspiel',
  'istanbul.variant.neutral': 'Neutrale Gehilfen (2–4 Spieler)',
  'istanbul.status': 'Runde {round} · {target} Rubine beenden das Spiel · Rubine: {rubies}',
  'istanbul.status.last': 'Letzte Runde: {player} hat {rubies, plural, one {# Rubin} other {# Rubine}}.',
  'istanbul.status.final': 'Nach der letzten Runde: Geld- und Warenkarten dürfen noch gespielt werden.',
  'istanbul.prompt.place': '{prompt} ({place})',
  'istanbul.prompt.dice': '{prompt} (Würfel {die1} und {die2})',
  'istanbul.hand.cards': 'Bonuskarten: {cards}',
  'istanbul.hand.noCards': 'Bonuskarten: keine',
  'istanbul.hand.resources': '{lira} Lira · {rubyMark}{rubies, plural, one {# Rubin} other {# Rubine}} · Waren (je höchstens {capacity}): {red} rot, {green} grün, {yellow} gelb, {blue} blau',
  'istanbul.hand.assistants': 'Gehilfen: {stack} beim Kaufmann, {placed} auf dem Spielplan, {supply} daneben · Moscheeplättchen: {mosqueTiles}',
  'istanbul.help.rules':
    '## Istanbul\n' +
    'Rüdiger Dorn · 2–5 Spieler. Du bist ein Kaufmann im Basar mit einem Stapel Gehilfen.\n' +
    '### Dein Zug\n' +
    '- **Ziehen**: 1 oder 2 Orte weiter (Bonuskarten können das ändern).\n' +
    '- **Gehilfe**: dort einen lassen oder den früher gelassenen abholen. Geht beides nicht, endet der Zug sofort; der Brunnen holt Gehilfen zurück.\n' +
    '- **Zahlen**: jedem anderen Kaufmann dort 2 Lira.\n' +
    '- **Ortsaktion**: im Lager auffüllen, auf dem Markt verkaufen, in der Karawanserei Karten ziehen, in der Teestube zocken, Handkarren-Erweiterungen, Moscheeplättchen und Rubine kaufen.\n' +
    '- **Begegnungen**: Wer dort den Gouverneur, den Schmuggler oder ein anderes Familienmitglied trifft, hat zusätzliche Möglichkeiten.\n' +
    '### Das Ende\n' +
    '- Wer zuerst 5 Rubine hat (6 zu zweit), beendet das Spiel nach der Runde; danach dürfen alle noch Geld- und Warenkarten spielen.\n' +
    '- Die meisten Rubine gewinnen; bei Gleichstand die meisten Lira, dann Waren, dann Bonuskarten.',
  'istanbul.help.decisions':
    '**Die Entscheidungen des Projekts** (wo die Regel schweigt):\n' +
    '- Variante mit neutralen Gehilfen: die neutrale Farbe ist Weiß (2–4 Spieler).\n' +
    '- Nach der letzten Runde bekommt jeder Spieler in Zugreihenfolge einen letzten Schritt, um Karten zu spielen, die Geld oder Waren bringen (5 Lira nehmen, 1 Ware nehmen), und ist dann fertig.\n' +
    '- Jede Entscheidung hat einen Besitzer und ein Ende: Entscheidungen außerhalb deines Zuges werden im Kanal mit Erwähnung erfragt; antwortet jemand nicht, lässt die Abstimmung bei Untätigkeit (siehe /hilfe) einen Computerspieler den Platz spielen (jede Entscheidung, auch Züge, auf dem Spielplan genannt), bis er zurückgenommen wird, oder nimmt den Spieler aus dem Spiel; kein Zug wird übersprungen.\n' +
    '- Zurücknehmen geht innerhalb deines Zuges bis zum letzten Würfelwurf, Kartenziehen oder Wechsel zu einem anderen Spieler.',
};

const nl: Catalogue = {
  'istanbul.group.move': 'Verplaats je handelaar naar…',
  'istanbul.group.main': 'Kies',
  'istanbul.group.sell': 'Handelswaar verkopen…',
  'istanbul.group.police': 'Stuur je familielid naar…',
  'istanbul.group.teaHouse': 'Noem een getal…',
  'istanbul.group.fountain': 'Assistenten terughalen…',
  'istanbul.group.discard': 'Een bonuskaart afleggen…',
  'istanbul.group.mosque': 'Een moskeetegel nemen…',
  'istanbul.group.sultan': 'Aan de sultan leveren…',
  'istanbul.group.encounter': 'Ontmoetingen…',
  'istanbul.group.pay': 'Betalen…',
  'istanbul.group.cards': 'Een bonuskaart spelen…',
  'istanbul.group.tile': 'De gele moskeetegel gebruiken…',
  'istanbul.group.end': 'Einde',
  'istanbul.variant.base': 'Basisspel',
  'istanbul.variant.neutral': 'Neutrale assistenten (2–4 spelers)',
  'istanbul.status': 'Ronde {round} · {target} robijnen beëindigen het spel · robijnen: {rubies}',
  'istanbul.status.last': 'Laatste ronde: {player} heeft {rubies, plural, one {# robijn} other {# robijnen}}.',
  'istanbul.status.final': 'Na de laatste ronde: geld- en goederenkaarten mogen nog gespeeld worden.',
  'istanbul.prompt.place': '{prompt} ({place})',
  'istanbul.prompt.dice': '{prompt} (dobbelstenen {die1} en {die2})',
  'istanbul.hand.cards': 'Bonuskaarten: {cards}',
  'istanbul.hand.noCards': 'Bonuskaarten: geen',
  'istanbul.hand.resources': '{lira} lira · {rubyMark}{rubies, plural, one {# robijn} other {# robijnen}} · handelswaar (elk hoogstens {capacity}): {red} rood, {green} groen, {yellow} geel, {blue} blauw',
  'istanbul.hand.assistants': 'Assistenten: {stack} bij je handelaar, {placed} op het bord, {supply} ernaast · moskeetegels: {mosqueTiles}',
  'istanbul.help.rules':
    '## Istanbul\n' +
    'Rüdiger Dorn · 2–5 spelers. Je bent een handelaar in de bazaar met een stapel assistenten.\n' +
    '### Je beurt\n' +
    '- **Verplaatsen**: 1 of 2 plaatsen verder (bonuskaarten kunnen dat veranderen).\n' +
    '- **Assistent**: daar een achterlaten, of de eerder achtergelaten ophalen. Kan geen van beide, dan eindigt de beurt meteen; de fontein haalt assistenten terug.\n' +
    '- **Betalen**: elke andere handelaar daar 2 lira.\n' +
    '- **Actie van de plaats**: aanvullen in een warenhuis, verkopen op een markt, kaarten trekken in de karavaanserai, gokken in het theehuis, handkaruitbreidingen, moskeetegels en robijnen kopen.\n' +
    '- **Ontmoetingen**: wie daar de gouverneur, de smokkelaar of een ander familielid ontmoet, krijgt extra mogelijkheden.\n' +
    '### Het einde\n' +
    '- Wie als eerste 5 robijnen heeft (6 met 2 spelers), beëindigt het spel na de ronde; daarna mag iedereen nog geld- en goederenkaarten spelen.\n' +
    '- De meeste robijnen winnen; bij gelijkspel de meeste lira, dan handelswaar, dan bonuskaarten.',
  'istanbul.help.decisions':
    '**De keuzes van het project** (waar het regelboek zwijgt):\n' +
    '- Variant met neutrale assistenten: de neutrale kleur is wit (2–4 spelers).\n' +
    '- Na de laatste ronde krijgt elke speler in beurtvolgorde een laatste stap om kaarten te spelen die geld of goederen opleveren (5 lira nemen, 1 handelswaar nemen), en is dan klaar.\n' +
    '- Elke beslissing heeft een eigenaar en een einde: beslissingen buiten je beurt worden in het kanaal gevraagd met een vermelding; antwoordt iemand niet, dan laat de stemming bij inactiviteit (zie /hulp) een computerspeler de plaats spelen (elke beslissing, ook verplaatsingen, op het bord genoemd) tot die wordt teruggenomen, of haalt de speler uit het spel; geen beurt wordt overgeslagen.\n' +
    '- Terugnemen kan binnen je beurt tot de laatste dobbelsteenworp, getrokken kaart of overdracht aan een andere speler.',
};

export const istanbulPresenterMessages: Catalogues = { en: { ...en, ...expansionEn, ...wordsEn, ...catchUpEn }, de: { ...de, ...expansionDe, ...wordsDe, ...catchUpDe }, nl: { ...nl, ...expansionNl, ...wordsNl, ...catchUpNl } };
