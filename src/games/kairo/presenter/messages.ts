/** The presenter's words (panel groups, prompts, the hand, help), in en, de and nl. */
import type { Catalogue, Catalogues } from '../../../engine/index.js';
import { wordsDe, wordsEn, wordsNl } from './words-messages.js';
import { catchUpDe, catchUpEn, catchUpNl } from './catch-up.js';

const en: Catalogue = {
  'kairo.name': 'Kairo',
  'kairo.player': 'Player {n}',
  'kairo.start.variable': 'Variable start: players place their start stalls in turn',
  'kairo.start.quick': 'Quick start: start stalls placed at random',
  'kairo.group.stall': 'Build a new main stall…',
  'kairo.group.extend': 'Extend a stall…',
  'kairo.group.relocate': 'Relocate a main stall…',
  'kairo.group.lead': 'Lead a customer…',
  'kairo.group.draw': 'Draw',
  'kairo.group.pay': 'Pay with building cards…',
  'kairo.group.coin': 'Coin for the joker…',
  'kairo.group.section': 'Choose the section…',
  'kairo.group.field': 'Choose the field…',
  'kairo.group.entrance': 'Choose the entrance side…',
  'kairo.group.coins': 'Pay coins…',
  'kairo.group.target': 'Lead the customer to…',
  'kairo.group.take': 'Take a card from…',
  'kairo.group.discard': 'Discard a building card…',
  'kairo.group.pass': 'Stop',
  'kairo.group.startSections': 'In one go: colour and section, sections {from}–{to}…',
  'kairo.group.startRow': 'In one go: a field in row {row} with its entrance…',
  'kairo.colour.violet': 'violet',
  'kairo.colour.red': 'red',
  'kairo.colour.yellow': 'yellow',
  'kairo.colour.green': 'green',
  'kairo.colour.blue': 'blue',
  'kairo.colour.orange': 'orange',
  'kairo.status': 'Turn {turn} · points: {scores}',
  'kairo.status.setup': 'Start stalls: {remaining} still to place · the first turn follows',
  'kairo.status.final': 'Final phase: only building; whoever does not build is out. Out: {out}',
  'kairo.status.over': 'Final scoring: medals once more, 1 point per 3 coins.',
  'kairo.prompt.turn': 'Your turn: build, lead a customer or draw 2 cards.',
  'kairo.prompt.turnFinal': 'Final phase: build, or stop (you are then out for the rest of the game).',
  'kairo.prompt.setup': 'Place a start stall: choose its colour (no cards; at most 2 main stalls per section).',
  'kairo.prompt.setupLeft': '{remaining, plural, one {# start stall} other {# start stalls}} still to place, this one included.',
  'kairo.panelPicture': 'The Kairo board now, where the stalls stand: {remaining, plural, one {# start stall} other {# start stalls}} still to place',
  'kairo.prompt.build': '{what}: {step}',
  'kairo.prompt.what.stall': 'New {colour} main stall',
  'kairo.prompt.what.extend': 'Extension of your {colour} stall',
  'kairo.prompt.what.relocate': 'Relocation of your {colour} main stall',
  'kairo.prompt.what.setup': 'Start stall ({colour})',
  'kairo.prompt.what.neutral': 'Neutral {colour} stall',
  'kairo.prompt.step.card': 'pay with building cards (1 card for its section; a joker and 1 coin for one of its sections; any 3 cards for any section).',
  'kairo.prompt.step.jokerCoin': 'pay 1 coin of any colour for the joker.',
  'kairo.prompt.step.section': 'choose the section (numbers as on the picture).',
  'kairo.prompt.step.field': 'choose the field in section {section}.',
  'kairo.prompt.step.entrance': 'choose the side of the entrance (stall at {field}).',
  'kairo.prompt.step.payStall': 'pay {cost, plural, one {# coin} other {# coins}}, at least 1 {colour}; 2 coins of another colour count as 1.',
  'kairo.prompt.step.payOther': 'pay the rest in other colours (2 count as 1).',
  'kairo.prompt.lead': 'Lead the {colour} customer: choose the entrance. The nearest free one costs nothing; each nearer free entrance you skip costs a crier card.',
  'kairo.prompt.draw': 'Draw card {n} of 2: from the display, the deck or a crier card.',
  'kairo.prompt.discard': 'Hand limit: discard building cards down to 4.',
  'kairo.hand.cards': 'Building cards ({count} of 4): {cards}',
  'kairo.hand.noCards': 'Building cards: none',
  'kairo.hand.section': 'section {section}',
  'kairo.hand.joker': 'joker {sections}',
  'kairo.hand.coins': 'Coins ({total}, worth {points, plural, one {# point} other {# points}} at the end): {coins}',
  'kairo.hand.criers': 'Crier cards: {criers}',
  'kairo.hand.stalls': 'Main stalls still to build: {colours}',
  'kairo.none': 'none',
  'kairo.help.rules':
    '## Kairo\n' +
    'Kimmo Sorsamo · 2–4 players. You build market stalls in a Cairo bazaar.\n' +
    '### Your turn: exactly one of\n' +
    '- **Build**: 1 building card for its section, a joker and 1 coin for one of its 3 sections, or any 3 cards for any section.\n' +
    '- **Lead a customer**.\n' +
    '- **Draw 2 cards**: each from the display, the deck or a crier card; at most 4 building cards.\n' +
    '### Building\n' +
    '- **New main stall**: stall plus an entrance on a free neighbouring field of the market; not next to another main stall or an extension; violet only in the restaurant, the rest only in the market; 1 main stall per colour per section.\n' +
    '- **Extension**: next to your stall of that colour; it costs the new size in coins, at least 1 in its colour, 2 coins of another colour count as 1; 1 point per tile; no entrance may be cut off.\n' +
    '- **Relocate** a main stall that can no longer grow.\n' +
    '- **Medals**: the first extension of a colour takes gold and silver; the sole biggest stall takes both; tying the biggest takes silver (gold 4, silver 2 points when gained).\n' +
    '### Leading a customer\n' +
    '- It walks to the nearest free entrance of its colour (never through the restaurant or a stall); each crier card skips one nearer entrance. Then it swaps with the waiting customer.\n' +
    '- Income: your stall, 1 coin per tile; another player’s, 1 coin for you and 1 per tile for the owner; a neutral stall (2 players), 1 coin for you.\n' +
    '### The end\n' +
    '- When a colour’s last extension is built or two colours have one left, only building is allowed; who does not build is out.\n' +
    '- Final scoring: medals again, 1 point per 3 coins. Ties share the win.',
  'kairo.help.decisions':
    "**The project's decisions** (the printed board survives only as a picture):\n" +
    '- Board: 14 × 10 fields (columns A–N, rows 1–10). Market B1–M9 in 9 sections of 4 × 3 fields, numbered 1–9 from the north-west. The restaurant is the U of columns A and N (rows 4–10) and row 10; its fields belong to the section they touch.\n' +
    '- Customer start fields: C2, K2, G5, C8, K8. Colours: violet (restaurant), red, yellow, green, blue, orange.\n' +
    "- Building cards: 3 per section; 6 jokers for the rows '{1,2,3}', '{4,5,6}', '{7,8,9}' and the columns '{1,4,7}', '{2,5,8}', '{3,6,9}' of sections.\n" +
    '- Extensions in other colours: 2 coins count for 1 of the stall’s colour. Medals: gold 4, silver 2 points. Money is unlimited.\n' +
    '- Start stalls: "variable" (players place them in turn) or "quick" (placed legally at random); the printed fixed layouts are pictures only.\n' +
    '- Every decision has an owner: the seat of a player who left, or whom the others let a computer play for by the idle vote, is played by a computer player (its moves are named on the board, nothing is skipped) until its owner takes it back.',
};

const de: Catalogue = {
  'kairo.name': 'Kairo',
  'kairo.player': 'Spieler {n}',
  'kairo.start.variable': 'Variable Startaufstellung: Die Spieler platzieren ihre Startstände reihum',
  'kairo.start.quick': 'Schnellstart: Die Startstände werden zufällig platziert',
  'kairo.group.stall': 'Einen neuen Hauptstand bauen…',
  'kairo.group.extend': 'Einen Stand ausbauen…',
  'kairo.group.relocate': 'Einen Hauptstand umziehen…',
  'kairo.group.lead': 'Einen Kunden an einen Stand ziehen…',
  'kairo.group.draw': 'Karten ziehen',
  'kairo.group.pay': 'Baukarten ausspielen…',
  'kairo.group.coin': 'Geld für den Joker…',
  'kairo.group.section': 'Marktabschnitt wählen…',
  'kairo.group.field': 'Feld wählen…',
  'kairo.group.entrance': 'Seite des Eingangs wählen…',
  'kairo.group.coins': 'Geld zahlen…',
  'kairo.group.target': 'Eingang für den Kunden wählen…',
  'kairo.group.take': 'Eine Karte nehmen…',
  'kairo.group.discard': 'Eine Baukarte abwerfen…',
  'kairo.group.pass': 'Nicht mehr bauen',
  'kairo.group.startSections': 'Auf einmal: Farbe und Marktabschnitt, Abschnitte {from}–{to}…',
  'kairo.group.startRow': 'Auf einmal: ein Feld in Reihe {row} mit seinem Eingang…',
  'kairo.colour.violet': 'violett',
  'kairo.colour.red': 'rot',
  'kairo.colour.yellow': 'gelb',
  'kairo.colour.green': 'grün',
  'kairo.colour.blue': 'blau',
  'kairo.colour.orange': 'orange',
  'kairo.status': 'Zug {turn} · Punkte: {scores}',
  'kairo.status.setup': 'Startaufstellung: noch {remaining, plural, one {# Stand} other {# Stände}} zu platzieren · danach beginnt der erste Zug',
  'kairo.status.final': 'Schlussphase: nur noch bauen; wer nicht baut, scheidet aus. Ausgeschieden: {out}',
  'kairo.status.over': 'Schlusswertung: Medaillen noch einmal, 1 Punkt je 3 Geld.',
  'kairo.prompt.turn': 'Du bist dran: bauen, einen Kunden an einen Stand ziehen oder 2 Karten ziehen.',
  'kairo.prompt.turnFinal': 'Schlussphase: bauen oder nicht mehr bauen (dann scheidest du für den Rest des Spiels aus).',
  'kairo.prompt.setup': 'Platziere einen Startstand: Wähle seine Farbe (ohne Baukarten; höchstens 2 Hauptstände je Marktabschnitt).',
  'kairo.prompt.setupLeft': 'Noch {remaining, plural, one {# Startstand} other {# Startstände}} zu platzieren, dieser mitgezählt.',
  'kairo.panelPicture': 'Der Kairo-Spielplan jetzt, wo die Stände stehen: noch {remaining, plural, one {# Startstand} other {# Startstände}} zu platzieren',
  'kairo.prompt.build': '{what}: {step}',
  'kairo.prompt.what.stall': 'Neuer Hauptstand ({colour})',
  'kairo.prompt.what.extend': 'Ausbau deines Stands ({colour})',
  'kairo.prompt.what.relocate': 'Umzug deines Hauptstands ({colour})',
  'kairo.prompt.what.setup': 'Startstand ({colour})',
  'kairo.prompt.what.neutral': 'Neutraler Stand ({colour})',
  'kairo.prompt.step.card': 'Baukarten ausspielen (1 Karte für ihren Marktabschnitt; ein Joker und 1 Geld für einen seiner Marktabschnitte; 3 beliebige Karten für einen Marktabschnitt deiner Wahl).',
  'kairo.prompt.step.jokerCoin': '1 Geld in beliebiger Farbe für den Joker zahlen.',
  'kairo.prompt.step.section': 'Marktabschnitt wählen (Nummern wie im Bild).',
  'kairo.prompt.step.field': 'Feld in Marktabschnitt {section} wählen.',
  'kairo.prompt.step.entrance': 'Seite des Eingangs wählen (Stand auf {field}).',
  'kairo.prompt.step.payStall': '{cost} Geld zahlen, mindestens 1 davon {colour}; 2 Geld einer anderen Farbe zählen als 1.',
  'kairo.prompt.step.payOther': 'den Rest in anderen Farben zahlen (2 zählen als 1).',
  'kairo.prompt.lead': 'Den Kunden ({colour}) an einen Stand ziehen: Wähle den Eingang. Der nächstgelegene freie kostet nichts; jeder übersprungene, näher gelegene freie Eingang kostet eine Marktschreierkarte.',
  'kairo.prompt.draw': 'Karte {n} von 2 ziehen: aus der Auslage, vom Nachziehstapel oder eine Marktschreierkarte.',
  'kairo.prompt.discard': 'Handlimit: Baukarten bis auf 4 abwerfen.',
  'kairo.hand.cards': 'Baukarten ({count} von 4): {cards}',
  'kairo.hand.noCards': 'Baukarten: keine',
  'kairo.hand.section': 'Abschnitt {section}',
  'kairo.hand.joker': 'Joker {sections}',
  'kairo.hand.coins': 'Geld ({total}, am Ende {points, plural, one {# Punkt} other {# Punkte}} wert): {coins}',
  'kairo.hand.criers': 'Marktschreierkarten: {criers}',
  'kairo.hand.stalls': 'Noch zu bauende Hauptstände: {colours}',
  'kairo.none': 'keine',
  'kairo.help.rules':
    '## Kairo\n' +
    'Kimmo Sorsamo · 2–4 Spieler. Ihr baut Marktstände im Basar von Kairo.\n' +
    '### Dein Zug: genau eine Aktion\n' +
    '- **Marktstand bauen**: 1 Baukarte für ihren Marktabschnitt, eine Jokerbaukarte und 1 Geld für einen ihrer 3 Marktabschnitte oder 3 beliebige Baukarten für einen Marktabschnitt deiner Wahl.\n' +
    '- **Kunden an einen Stand ziehen**.\n' +
    '- **2 Karten ziehen**: jede aus der Auslage, vom Nachziehstapel oder als Marktschreierkarte; höchstens 4 Baukarten auf der Hand.\n' +
    '### Bauen\n' +
    '- **Neuer Hauptstand**: Stand plus Eingang auf einem freien Nachbarfeld im Marktbereich; nicht neben einem anderen Hauptstand oder Ausbau; Violett nur im Restaurantbereich, alle anderen Farben nur im Marktbereich; je Marktabschnitt 1 Hauptstand pro Farbe.\n' +
    '- **Ausbau**: neben deinem Stand dieser Farbe; kostet die neue Größe in Geld, mindestens 1 in der Standfarbe, 2 Geld anderer Farbe zählen als 1; 1 Punkt je Standplättchen; kein Eingang darf abgeschnitten werden.\n' +
    '- **Umzug** eines Hauptstands, der nicht mehr ausgebaut werden kann.\n' +
    '- **Medaillen**: Wer eine Farbe als Erster ausbaut, bekommt Gold und Silber; wer allein den größten Stand der Farbe hat, bekommt beide; wer mit dem größten gleichzieht, bekommt Silber (Gold 4, Silber 2 Punkte beim Erhalt).\n' +
    '### Kunden ziehen\n' +
    '- Ein Kunde geht zum nächstgelegenen freien Eingang seiner Farbe (nie durch den Restaurantbereich oder einen Stand); jede Marktschreierkarte überspringt einen näher gelegenen Eingang. Dann wird er gegen den wartenden Kunden getauscht.\n' +
    '- Geld: eigener Stand 1 Geld je Standplättchen; fremder Stand 1 Geld für dich und 1 je Standplättchen für den Besitzer; neutraler Stand (zu zweit) 1 Geld für dich.\n' +
    '### Das Ende\n' +
    '- Ist der letzte Ausbau einer Farbe gebaut oder ist von zwei Farben nur noch je 1 Ausbau übrig, beginnt die Schlussphase: Es darf nur noch gebaut werden; wer nicht baut, scheidet aus.\n' +
    '- Schlusswertung: Medaillen noch einmal, 1 Punkt je 3 Geld. Bei Gleichstand gibt es mehrere Gewinner.',
  'kairo.help.decisions':
    '**Die Entscheidungen des Projekts** (der gedruckte Spielplan ist nur als Bild erhalten):\n' +
    '- Spielplan: 14 × 10 Felder (Spalten A–N, Reihen 1–10). Marktbereich B1–M9 in 9 Marktabschnitten zu je 4 × 3 Feldern, von Nordwesten aus 1–9 nummeriert. Der Restaurantbereich ist das U aus den Spalten A und N (Reihen 4–10) und Reihe 10; seine Felder gehören zum angrenzenden Marktabschnitt.\n' +
    '- Kundenstartfelder: C2, K2, G5, C8, K8. Farben: Violett (Restaurant), Rot, Gelb, Grün, Blau, Orange.\n' +
    "- Baukarten: 3 je Marktabschnitt; 6 Jokerbaukarten für die Reihen '{1,2,3}', '{4,5,6}', '{7,8,9}' und die Spalten '{1,4,7}', '{2,5,8}', '{3,6,9}' der Marktabschnitte.\n" +
    '- Ausbauten in anderen Farben: 2 Geld zählen als 1 in der Standfarbe. Medaillen: Gold 4, Silber 2 Punkte. Geld ist unbegrenzt.\n' +
    '- Startstände: „variabel“ (die Spieler platzieren sie reihum) oder „schnell“ (zufällig nach den Regeln platziert); die vorgegebenen Startaufstellungen der Anleitung gibt es nur als Bild.\n' +
    '- Jede Entscheidung hat einen Besitzer: Den Platz von jemandem, der das Spiel verlassen hat oder für den die anderen per Abstimmung bei Untätigkeit einen Computer spielen lassen, spielt ein Computerspieler (seine Züge stehen auf dem Spielplan, nichts wird übersprungen), bis der Platz zurückgenommen wird.',
};

const nl: Catalogue = {
  'kairo.name': 'Kairo',
  'kairo.player': 'Speler {n}',
  'kairo.start.variable': 'Variabele start: de spelers plaatsen hun startkramen om de beurt',
  'kairo.start.quick': 'Snelle start: startkramen willekeurig geplaatst',
  'kairo.group.stall': 'Een nieuwe hoofdkraam bouwen…',
  'kairo.group.extend': 'Een kraam uitbreiden…',
  'kairo.group.relocate': 'Een hoofdkraam verhuizen…',
  'kairo.group.lead': 'Een klant leiden…',
  'kairo.group.draw': 'Trekken',
  'kairo.group.pay': 'Met bouwkaarten betalen…',
  'kairo.group.coin': 'Munt voor de joker…',
  'kairo.group.section': 'Sectie kiezen…',
  'kairo.group.field': 'Veld kiezen…',
  'kairo.group.entrance': 'Kant van de ingang kiezen…',
  'kairo.group.coins': 'Munten betalen…',
  'kairo.group.target': 'Ingang voor de klant kiezen…',
  'kairo.group.take': 'Een kaart nemen…',
  'kairo.group.discard': 'Een bouwkaart afleggen…',
  'kairo.group.pass': 'Stoppen met bouwen',
  'kairo.group.startSections': 'In één keer: kleur en sectie, secties {from}–{to}…',
  'kairo.group.startRow': 'In één keer: een veld in rij {row} met zijn ingang…',
  'kairo.colour.violet': 'paars',
  'kairo.colour.red': 'rood',
  'kairo.colour.yellow': 'geel',
  'kairo.colour.green': 'groen',
  'kairo.colour.blue': 'blauw',
  'kairo.colour.orange': 'oranje',
  'kairo.status': 'Beurt {turn} · punten: {scores}',
  'kairo.status.setup': 'Startkramen: nog {remaining} te plaatsen · daarna volgt de eerste beurt',
  'kairo.status.final': 'Slotfase: alleen nog bouwen; wie niet bouwt, valt af. Afgevallen: {out}',
  'kairo.status.over': 'Eindtelling: medailles nog een keer, 1 punt per 3 munten.',
  'kairo.prompt.turn': 'Jouw beurt: bouwen, een klant leiden of 2 kaarten trekken.',
  'kairo.prompt.turnFinal': 'Slotfase: bouwen of stoppen met bouwen (dan val je af voor de rest van het spel).',
  'kairo.prompt.setup': 'Plaats een startkraam: kies de kleur (zonder kaarten; hoogstens 2 hoofdkramen per sectie).',
  'kairo.prompt.setupLeft': 'Nog {remaining, plural, one {# startkraam} other {# startkramen}} te plaatsen, deze meegeteld.',
  'kairo.panelPicture': 'Het Kairo-bord nu, waar de kramen staan: nog {remaining, plural, one {# startkraam} other {# startkramen}} te plaatsen',
  'kairo.prompt.build': '{what}: {step}',
  'kairo.prompt.what.stall': 'Nieuwe hoofdkraam ({colour})',
  'kairo.prompt.what.extend': 'Uitbreiding van je kraam ({colour})',
  'kairo.prompt.what.relocate': 'Verhuizing van je hoofdkraam ({colour})',
  'kairo.prompt.what.setup': 'Startkraam ({colour})',
  'kairo.prompt.what.neutral': 'Neutrale kraam ({colour})',
  'kairo.prompt.step.card': 'betaal met bouwkaarten (1 kaart voor haar sectie; een joker en 1 munt voor een van zijn secties; 3 willekeurige kaarten voor een sectie naar keuze).',
  'kairo.prompt.step.jokerCoin': 'betaal 1 munt van een willekeurige kleur voor de joker.',
  'kairo.prompt.step.section': 'kies de sectie (nummers zoals op de afbeelding).',
  'kairo.prompt.step.field': 'kies het veld in sectie {section}.',
  'kairo.prompt.step.entrance': 'kies de kant van de ingang (kraam op {field}).',
  'kairo.prompt.step.payStall': 'betaal {cost, plural, one {# munt} other {# munten}}, waarvan minstens 1 in de kleur {colour}; 2 munten van een andere kleur tellen als 1.',
  'kairo.prompt.step.payOther': 'betaal de rest in andere kleuren (2 tellen als 1).',
  'kairo.prompt.lead': 'Leid de klant ({colour}): kies de ingang. De dichtstbijzijnde vrije ingang kost niets; elke vrije ingang die dichterbij ligt en die je overslaat, kost een omroeperskaart.',
  'kairo.prompt.draw': 'Trek kaart {n} van 2: uit de open rij, van de trekstapel of een omroeperskaart.',
  'kairo.prompt.discard': 'Handlimiet: leg bouwkaarten af tot je er 4 hebt.',
  'kairo.hand.cards': 'Bouwkaarten ({count} van 4): {cards}',
  'kairo.hand.noCards': 'Bouwkaarten: geen',
  'kairo.hand.section': 'sectie {section}',
  'kairo.hand.joker': 'joker {sections}',
  'kairo.hand.coins': 'Munten ({total}, aan het eind {points, plural, one {# punt} other {# punten}} waard): {coins}',
  'kairo.hand.criers': 'Omroeperskaarten: {criers}',
  'kairo.hand.stalls': 'Nog te bouwen hoofdkramen: {colours}',
  'kairo.none': 'geen',
  'kairo.help.rules':
    '## Kairo\n' +
    'Kimmo Sorsamo · 2–4 spelers. Jullie bouwen marktkramen in de bazaar van Caïro.\n' +
    '### Je beurt: precies één van deze drie\n' +
    '- **Bouwen**: 1 bouwkaart voor haar sectie, een joker en 1 munt voor een van zijn 3 secties, of 3 willekeurige kaarten voor een sectie naar keuze.\n' +
    '- **Een klant leiden**.\n' +
    '- **2 kaarten trekken**: elk uit de open rij, van de trekstapel of een omroeperskaart; hoogstens 4 bouwkaarten in de hand.\n' +
    '### Bouwen\n' +
    '- **Nieuwe hoofdkraam**: kraam plus ingang op een vrij buurveld in de markt; niet naast een andere hoofdkraam of uitbreiding; paars alleen in het restaurant, de rest alleen in de markt; per sectie 1 hoofdkraam per kleur.\n' +
    '- **Uitbreiding**: naast je kraam van die kleur; kost de nieuwe grootte in munten, minstens 1 in haar kleur, 2 munten van een andere kleur tellen als 1; 1 punt per tegel; geen ingang mag worden afgesloten.\n' +
    '- **Verhuizen**: een hoofdkraam die niet meer kan groeien.\n' +
    '- **Medailles**: wie een kleur als eerste uitbreidt, krijgt goud en zilver; wie als enige de grootste kraam van die kleur heeft, krijgt beide; wie de grootste kraam evenaart, krijgt zilver (goud 4, zilver 2 punten bij het verkrijgen).\n' +
    '### Een klant leiden\n' +
    '- Een klant loopt naar de dichtstbijzijnde vrije ingang van zijn kleur (nooit door het restaurant of een kraam); met elke omroeperskaart sla je een ingang over die dichterbij ligt. Dan ruilt hij met de wachtende klant.\n' +
    '- Inkomsten: eigen kraam 1 munt per tegel; andermans kraam 1 munt voor jou en 1 per tegel voor de eigenaar; neutrale kraam (met z’n tweeën) 1 munt voor jou.\n' +
    '### Het einde\n' +
    '- Is de laatste uitbreiding van een kleur gebouwd of hebben twee kleuren er nog maar één, dan begint de slotfase: je mag alleen nog bouwen; wie niet bouwt, valt af.\n' +
    '- Eindtelling: medailles nog een keer, 1 punt per 3 munten. Bij gelijkspel wordt de winst gedeeld.',
  'kairo.help.decisions':
    '**De keuzes van het project** (het gedrukte bord bestaat alleen nog als afbeelding):\n' +
    '- Bord: 14 × 10 velden (kolommen A–N, rijen 1–10). Markt B1–M9 in 9 secties van 4 × 3 velden, vanaf het noordwesten genummerd 1–9. Het restaurant is de U van de kolommen A en N (rijen 4–10) en rij 10; zijn velden horen bij de sectie waar ze aan grenzen.\n' +
    '- Startvelden van klanten: C2, K2, G5, C8, K8. Kleuren: paars (restaurant), rood, geel, groen, blauw, oranje.\n' +
    "- Bouwkaarten: 3 per sectie; 6 jokers voor de rijen '{1,2,3}', '{4,5,6}', '{7,8,9}' en de kolommen '{1,4,7}', '{2,5,8}', '{3,6,9}' van secties.\n" +
    '- Uitbreidingen in andere kleuren: 2 munten tellen als 1 van de kraamkleur. Medailles: goud 4, zilver 2 punten. Geld is onbeperkt.\n' +
    '- Startkramen: "variabel" (de spelers plaatsen ze om de beurt) of "snel" (willekeurig volgens de regels geplaatst); de gedrukte vaste opstellingen zijn alleen afbeeldingen.\n' +
    '- Elke beslissing heeft een eigenaar: de plaats van wie het spel verliet, of voor wie de anderen per stemming bij inactiviteit een computer laten spelen, wordt door een computerspeler gespeeld (zijn zetten staan op het bord, er wordt niets overgeslagen) tot die wordt teruggenomen.',
};

export const kairoPresenterMessages: Catalogues = { en: { ...en, ...wordsEn, ...catchUpEn }, de: { ...de, ...wordsDe, ...catchUpDe }, nl: { ...nl, ...wordsNl, ...catchUpNl } };
