/**
 * Istanbul's rules cards for `/help rules`: one per place of the board (1–16, and the
 * Letters & Seals places 21–24), its name as on the board and what its action does, from the rulebooks
 * (the base game and Letters & Seals, in the project's words), in en, de and nl. The picture is the
 * board's own place artwork (render/rules-card.ts), drawn in the render pool.
 */
import type { Locale } from '../../../engine/index.js';
import type { BoardRenderer } from '../../../render/board-job.js';
import type { RulesCards } from '../../contract.js';
import { formatMessage } from '../../../engine/index.js';
import { istanbul } from '../index.js';

/** A place's name as the board prints it (the engine's catalogue holds the same names as the picture). */
function placeName(place: number, locale: Locale): string {
  return formatMessage(istanbul.messages, { key: `istanbul.place.${place}` }, locale);
}

/** The places with a card, in board-number order (the Catacombs need a third expansion: not played). */
export const RULES_PLACES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 21, 22, 23, 24] as const;

type PlaceTexts = Readonly<Record<(typeof RULES_PLACES)[number], string>>;

const en: PlaceTexts = {
  1: 'Pay 7 lira for a wheelbarrow extension: each one carries 1 more of every good (at most 3 extensions, 5 of each). Your third extension also gives you a ruby.',
  2: 'Fill your wheelbarrow with fabric (red) up to what it can carry. With the green mosque tile you may buy 1 more good of any kind for 2 lira.',
  3: 'Fill your wheelbarrow with spice (green) up to what it can carry. With the green mosque tile you may buy 1 more good of any kind for 2 lira.',
  4: 'Fill your wheelbarrow with fruit (yellow) up to what it can carry. With the green mosque tile you may buy 1 more good of any kind for 2 lira.',
  5: 'Take everything the 4 open fields show (goods and lira); then a marker moves down, so the next visit pays something else.',
  6: 'Draw 2 bonus cards, each from the pile or from the top of the discard pile lying here, then discard 1 of your cards.',
  7: 'Bring any number of your assistants back to your merchant. You need no assistant here and pay nobody.',
  8: 'Take 1 fabric, spice or fruit, and roll 2 dice: 7–8 gives 1 jewelry (blue), 9–10 gives 2, 11–12 gives 3.',
  9: 'Announce a number from 3 to 12 and roll 2 dice: reach it and you get that many lira, otherwise 2 lira.',
  10: 'Sell goods shown on the top demand tile, each at most once: 1 to 5 goods pay 3, 7, 12, 18 or 25 lira. Then the next tile comes up.',
  11: 'Sell goods shown on the top demand tile, each at most once: 1 to 5 goods pay 2, 5, 9, 14 or 20 lira. Then the next tile comes up.',
  12: 'If your family member is here, send it to any place and carry out that place’s action (without encounters). A family member caught by another merchant comes back here.',
  13: 'Deliver the goods shown up to the next ruby (“any” is a good of your choice) and take that ruby. Each later ruby costs one good more.',
  14: 'Take a fabric (red) or spice (green) tile: own at least its number of those goods and give 1 up. Red: change a die to 4 or roll again at the Black Market and Tea House. Green: buy 1 more good for 2 lira at a warehouse. Both tiles give a ruby.',
  15: 'Take a jewelry (blue) or fruit (yellow) tile: own at least its number of those goods and give 1 up. Blue: your 5th assistant joins you. Yellow: once a turn, 2 lira bring an assistant back to you. Both tiles give a ruby.',
  16: 'Buy a ruby for the price shown. Each purchase uncovers the next price, 1 lira higher.',
  21: 'Letters & Seals: take 2 letters. A letter is delivered (2 seals) as soon as one of your pieces stands on its place.',
  22: 'Letters & Seals: take 1 letter, then turn up one kiosk tile more than there are players. Starting with you, each player picks one and may use it; you also get the last one.',
  23: 'Letters & Seals: take 1 good of your choice, then auction 2 bonus cards: you open, everyone else bids once, you bid last. The winner draws the 2 cards.',
  24: 'Letters & Seals: hand in letters showing 6 seals and take the next ruby from the Sultan’s Palace or the Gemstone Dealer without paying. The first three players to do so get 3, 2 and 1 lira.',
};

const de: PlaceTexts = {
  1: 'Zahle 7 Lira für eine Handkarren-Erweiterung: Jede fasst von jeder Ware 1 mehr (höchstens 3 Erweiterungen, je 5). Deine dritte Erweiterung bringt dir außerdem einen Rubin.',
  2: 'Fülle deinen Handkarren mit Tuch (rot) auf, so viel er fasst. Mit dem grünen Moscheeplättchen darfst du für 2 Lira 1 weitere beliebige Ware kaufen.',
  3: 'Fülle deinen Handkarren mit Gewürz (grün) auf, so viel er fasst. Mit dem grünen Moscheeplättchen darfst du für 2 Lira 1 weitere beliebige Ware kaufen.',
  4: 'Fülle deinen Handkarren mit Obst (gelb) auf, so viel er fasst. Mit dem grünen Moscheeplättchen darfst du für 2 Lira 1 weitere beliebige Ware kaufen.',
  5: 'Nimm alles, was die 4 offenen Felder zeigen (Waren und Lira); dann rückt ein Marker nach unten, der nächste Besuch bringt also etwas anderes.',
  6: 'Ziehe 2 Bonuskarten, jede vom Stapel oder von der Ablage, die hier liegt, und wirf dann 1 deiner Karten ab.',
  7: 'Hole beliebig viele deiner Gehilfen zu deinem Kaufmann zurück. Hier brauchst du keinen Gehilfen und zahlst niemandem etwas.',
  8: 'Nimm 1 Tuch, Gewürz oder Obst und würfle mit 2 Würfeln: 7–8 bringt 1 Schmuck (blau), 9–10 bringt 2, 11–12 bringt 3.',
  9: 'Sage eine Zahl von 3 bis 12 an und würfle mit 2 Würfeln: Erreichst du sie, bekommst du so viele Lira, sonst 2 Lira.',
  10: 'Verkaufe Waren, die das oberste Nachfrageplättchen zeigt, jede höchstens einmal: 1 bis 5 Waren bringen 3, 7, 12, 18 oder 25 Lira. Dann kommt das nächste Plättchen.',
  11: 'Verkaufe Waren, die das oberste Nachfrageplättchen zeigt, jede höchstens einmal: 1 bis 5 Waren bringen 2, 5, 9, 14 oder 20 Lira. Dann kommt das nächste Plättchen.',
  12: 'Steht dein Familienmitglied hier, schicke es an einen beliebigen Ort und führe dort die Ortsaktion aus (ohne Begegnungen). Ein von einem anderen Kaufmann erwischtes Familienmitglied kehrt hierher zurück.',
  13: 'Liefere die abgebildeten Waren bis zum nächsten Rubin („beliebig“ ist eine Ware deiner Wahl) und nimm diesen Rubin. Jeder weitere Rubin kostet eine Ware mehr.',
  14: 'Nimm ein Tuch- (rot) oder Gewürzplättchen (grün): Besitze mindestens seine Zahl dieser Ware und gib 1 ab. Rot: in Schwarzmarkt und Teestube einen Würfel auf 4 drehen oder neu würfeln. Grün: im Lager 1 Ware mehr für 2 Lira kaufen. Beide Plättchen bringen einen Rubin.',
  15: 'Nimm ein Schmuck- (blau) oder Obstplättchen (gelb): Besitze mindestens seine Zahl dieser Ware und gib 1 ab. Blau: Dein 5. Gehilfe kommt zu dir. Gelb: Einmal pro Zug holen 2 Lira einen Gehilfen zu dir zurück. Beide Plättchen bringen einen Rubin.',
  16: 'Kaufe einen Rubin zum angezeigten Preis. Jeder Kauf deckt den nächsten Preis auf, 1 Lira höher.',
  21: 'Brief & Siegel: Nimm 2 Briefe. Ein Brief ist überbracht (2 Siegel), sobald eine deiner Figuren an seinem Ort steht.',
  22: 'Brief & Siegel: Nimm 1 Brief und decke dann ein Kiosk-Plättchen mehr auf, als Spieler mitspielen. Bei dir beginnend wählt jeder eins und darf es nutzen; du bekommst auch das letzte.',
  23: 'Brief & Siegel: Nimm 1 Ware deiner Wahl und versteigere dann 2 Bonuskarten: Du eröffnest, alle anderen bieten einmal, du bietest zuletzt. Wer gewinnt, zieht die 2 Karten.',
  24: 'Brief & Siegel: Gib Briefe mit 6 Siegeln ab und nimm den nächsten Rubin vom Sultanspalast oder vom Edelsteinhändler, ohne zu bezahlen. Die ersten drei Spieler, denen das gelingt, bekommen 3, 2 und 1 Lira.',
};

const nl: PlaceTexts = {
  1: 'Betaal 7 lira voor een handkaruitbreiding: elke uitbreiding draagt 1 meer van elke handelswaar (hoogstens 3 uitbreidingen, 5 van elk). Je derde uitbreiding levert ook een robijn op.',
  2: 'Vul je handkar met zijde (rood), zoveel als hij kan dragen. Met de groene moskeetegel mag je voor 2 lira 1 extra handelswaar naar keuze kopen.',
  3: 'Vul je handkar met specerijen (groen), zoveel als hij kan dragen. Met de groene moskeetegel mag je voor 2 lira 1 extra handelswaar naar keuze kopen.',
  4: 'Vul je handkar met fruit (geel), zoveel als hij kan dragen. Met de groene moskeetegel mag je voor 2 lira 1 extra handelswaar naar keuze kopen.',
  5: 'Neem alles wat de 4 open vakken tonen (handelswaar en lira); daarna schuift een fiche omlaag, zodat het volgende bezoek iets anders oplevert.',
  6: 'Trek 2 bonuskaarten, elk van de stapel of van de aflegstapel die hier ligt, en leg dan 1 van je kaarten af.',
  7: 'Haal zoveel van je assistenten als je wilt terug naar je handelaar. Hier heb je geen assistent nodig en betaal je niemand.',
  8: 'Neem 1 zijde, specerij of fruit en gooi 2 dobbelstenen: 7–8 levert 1 juweel (blauw) op, 9–10 levert er 2 op, 11–12 levert er 3 op.',
  9: 'Noem een getal van 3 tot 12 en gooi 2 dobbelstenen: haal je het, dan krijg je zoveel lira, anders 2 lira.',
  10: 'Verkoop handelswaar die de bovenste vraagtegel toont, elk hoogstens één keer: 1 tot 5 goederen leveren 3, 7, 12, 18 of 25 lira op. Daarna komt de volgende tegel.',
  11: 'Verkoop handelswaar die de bovenste vraagtegel toont, elk hoogstens één keer: 1 tot 5 goederen leveren 2, 5, 9, 14 of 20 lira op. Daarna komt de volgende tegel.',
  12: 'Staat je familielid hier, stuur het dan naar een plaats naar keuze en voer daar de actie van die plaats uit (zonder ontmoetingen). Een familielid dat een andere handelaar betrapt, keert hierheen terug.',
  13: 'Lever de getoonde handelswaar tot aan de volgende robijn („naar keuze” is een handelswaar die je zelf kiest) en neem die robijn. Elke volgende robijn kost één handelswaar meer.',
  14: 'Neem een zijdetegel (rood) of specerijentegel (groen): bezit minstens zijn getal van die handelswaar en lever er 1 in. Rood: bij de Zwarte markt en het Theehuis een dobbelsteen op 4 draaien of opnieuw gooien. Groen: in een warenhuis 1 extra handelswaar voor 2 lira kopen. Beide tegels leveren een robijn op.',
  15: 'Neem een juwelentegel (blauw) of fruittegel (geel): bezit minstens zijn getal van die handelswaar en lever er 1 in. Blauw: je 5e assistent komt bij je. Geel: één keer per beurt halen 2 lira een assistent naar je terug. Beide tegels leveren een robijn op.',
  16: 'Koop een robijn voor de getoonde prijs. Elke aankoop legt de volgende prijs bloot, 1 lira hoger.',
  21: 'Brieven & Zegels: neem 2 brieven. Een brief is bezorgd (2 zegels) zodra een van je stukken op zijn plaats staat.',
  22: 'Brieven & Zegels: neem 1 brief en draai dan één kiosktegel meer om dan er spelers zijn. Te beginnen bij jou kiest ieder er één en mag die gebruiken; jij krijgt ook de laatste.',
  23: 'Brieven & Zegels: neem 1 handelswaar naar keuze en veil dan 2 bonuskaarten: jij opent, alle anderen bieden één keer, jij biedt als laatste. De winnaar trekt de 2 kaarten.',
  24: 'Brieven & Zegels: lever brieven met samen 6 zegels in en neem de volgende robijn van het Paleis van de sultan of de Juwelier zonder te betalen. De eerste drie spelers die dat doen, krijgen 3, 2 en 1 lira.',
};

const TEXTS: Readonly<Record<Locale, PlaceTexts>> = { en, de, nl };

const WORDS: Readonly<Record<Locale, { readonly menu: string; readonly place: string }>> = {
  en: { menu: 'Show a place of the board…', place: 'Place {id}' },
  de: { menu: 'Einen Ort des Spielplans zeigen…', place: 'Ort {id}' },
  nl: { menu: 'Een plaats van het bord tonen…', place: 'Plaats {id}' },
};

/** The words of place `id`'s card (its number and name as on the board), or undefined for no such place. */
export function istanbulRulesCardText(id: string, locale: Locale): { title: string; text: string } | undefined {
  const place = RULES_PLACES.find((p) => String(p) === id);
  if (place === undefined) return undefined;
  return { title: `${place} · ${placeName(place, locale)}`, text: TEXTS[locale][place] };
}

/** Istanbul's rules cards; their pictures are drawn by `boards` (the render pool in the bot). */
export function istanbulRulesCards(boards: BoardRenderer): RulesCards {
  return {
    menu: (locale) => WORDS[locale].menu,
    subjects: (locale) => RULES_PLACES.map((place) => ({ id: String(place), label: `${place} · ${placeName(place, locale)}`, description: WORDS[locale].place.replace('{id}', String(place)) })),
    text: istanbulRulesCardText,
    async render(id, locale, position) {
      const words = istanbulRulesCardText(id, locale);
      if (words === undefined) throw new RangeError(`no Istanbul place ${id}`);
      // Asked for (/help rules): behind the boards of live turns.
      return boards.render({ game: 'istanbul', picture: 'rules', view: { place: Number(id) }, options: { ...words, position } }, 'asked');
    },
  };
}
