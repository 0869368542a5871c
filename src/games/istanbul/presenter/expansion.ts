/**
 * Istanbul's Letters & Seals in Discord: panel groups for the expansion's actions, the words for the
 * `/game new expansion:` choices, the hand's letters line, and the /help paragraphs (rules and the project's
 * decisions, with the idle defaults of the decisions asked outside one's own turn).
 */
import type { Catalogue, Message } from '../../../engine/index.js';
import type { IstanbulAction, IstanbulSeatView } from '../index.js';

export type ExpansionGroup = 'companion' | 'letters' | 'kiosk' | 'kioskEffect' | 'auction';

/** Groups of the expansion's actions; the base groups ('move', 'main', 'cards', …) are the presenter's. */
export const EXPANSION_GROUP_OF: Partial<Record<IstanbulAction['type'], string>> = {
  placeCompanion: 'companion',
  moveCompanion: 'companion',
  moveCompanionFar: 'companion',
  familyStep: 'move',
  moveToMerchant: 'move',
  moveAnywhere: 'move',
  doubleMove: 'end',
  discardLetter: 'letters',
  fountainCompanion: 'fountain',
  embassy: 'main',
  kiosk: 'main',
  kioskTile: 'kiosk',
  kioskEffect: 'kioskEffect',
  auctionGood: 'main',
  auctionBid: 'auction',
  auctionPass: 'main',
  secretSociety: 'main',
  courier: 'encounter',
  cardGood: 'main',
  takeLetter: 'cards',
  diceCard: 'cards',
  sellGood: 'cards',
  goodLira: 'cards',
  viaDiscard: 'cards',
  useGovernor: 'cards',
  useSmuggler: 'cards',
  useCourier: 'cards',
  repeatMosque: 'cards',
  repeatSecretSociety: 'cards',
};

/** The hand's line for the expansion: letters (place names, delivered ones counted), seals, companion. */
export function lettersAndSealsHandLine(view: IstanbulSeatView, seat: number, format: (m: Message) => string, mark: (symbol: string) => string = () => ''): string | null {
  const mine = view.lettersAndSeals?.players[seat];
  if (mine === undefined) return null;
  const open = mine.letters.filter((l) => !l.delivered).map((l) => format({ key: `istanbul.place.${l.place}` }));
  const delivered = mine.letters.filter((l) => l.delivered).length;
  const parts = [...open];
  if (delivered > 0) parts.push(format({ key: 'istanbul.hand.lettersDelivered', params: { n: delivered } }));
  const letters = parts.length === 0 ? format({ key: 'istanbul.none' }) : parts.join(', ');
  const c = mine.companion;
  const companion = typeof c === 'number' ? format({ key: `istanbul.place.${c}` }) : format({ key: `istanbul.hand.companion.${c}` });
  const key = mine.doubleMoveUsed ? 'istanbul.hand.lettersUsed' : 'istanbul.hand.letters';
  // The letters and the seals after their emojis where the app has them, their words unchanged.
  return format({ key, params: { letterMark: mark('letter'), letters, sealMark: mark('seal'), seals: mine.seals, companion } });
}

export const expansionEn: Catalogue = {
  'istanbul.group.companion': 'Your companion…',
  'istanbul.group.letters': 'Discard a letter…',
  'istanbul.group.kiosk': 'Choose a kiosk tile…',
  'istanbul.group.kioskEffect': 'Exchange…',
  'istanbul.group.auction': 'Bid…',
  'istanbul.expansion.lettersAndSeals': 'Letters & Seals (new bonus cards mixed in)',
  'istanbul.expansion.lettersAndSealsNewCards': 'Letters & Seals (new bonus cards only)',
  'istanbul.hand.letters': '{letterMark}Letters: {letters} · {sealMark}{seals, plural, one {# seal} other {# seals}} · companion: {companion}',
  'istanbul.hand.lettersUsed': '{letterMark}Letters: {letters} · {sealMark}{seals, plural, one {# seal} other {# seals}} · companion: {companion} · double move used this round',
  'istanbul.hand.lettersDelivered': '{n} delivered',
  'istanbul.hand.companion.box': 'not taken yet',
  'istanbul.hand.companion.supply': 'in your supply',
  'istanbul.help.rulesLettersAndSeals':
    '### Letters & Seals (`/game new expansion:`)\n' +
    '- 20 places in 5x4; 6 rubies end the game for every player count.\n' +
    '- **Embassy**: 2 letters. **Kiosk**: 1 letter, then tiles for everyone (one more than players): each player in turn picks one with their own buttons, the active player also gets the last.\n' +
    '- **Auction House**: 1 good, then 2 bonus cards auctioned: everyone else bids once with their own buttons, the opener bids last.\n' +
    '- **Secret Society**: letters showing 6 seals for a ruby (3/2/1 lira for the first three).\n' +
    '- **Letters**: a letter turns to 2 seals when one of your pieces stands on its place; at the end of a turn, letters showing 3 seals buy an extra turn. The Courier sells letters.\n' +
    '- **Companion** (from the Fountain): moves 1 step instead of the merchant. Every merchant and companion of another player where you arrive costs 2 lira.',
  'istanbul.help.decisionsLettersAndSeals':
    '- Letters & Seals: first-game layout and the 16 new cards as in the project notes; double move at most once per round and never after an extra turn; the Secret Society takes exactly 6 seals and pays 3/2/1 lira to the first three different players; dice card: 2–6 3 lira, 7–9 a good, 10–12 a good and 3 lira.\n' +
    '- A kiosk tile or a bid is asked of its player with a mention. If they do not answer, the idle vote decides as usual: a computer player chooses the tile or bid for them (and plays their seat until they take it back), or they are removed.',
};

export const expansionDe: Catalogue = {
  'istanbul.group.companion': 'Dein Kompagnon…',
  'istanbul.group.letters': 'Einen Brief abgeben…',
  'istanbul.group.kiosk': 'Ein Kiosk-Plättchen wählen…',
  'istanbul.group.kioskEffect': 'Tauschen…',
  'istanbul.group.auction': 'Bieten…',
  'istanbul.expansion.lettersAndSeals': 'Brief & Siegel (neue Bonuskarten untergemischt)',
  'istanbul.expansion.lettersAndSealsNewCards': 'Brief & Siegel (nur die neuen Bonuskarten)',
  'istanbul.hand.letters': '{letterMark}Briefe: {letters} · {sealMark}{seals} Siegel · Kompagnon: {companion}',
  'istanbul.hand.lettersUsed': '{letterMark}Briefe: {letters} · {sealMark}{seals} Siegel · Kompagnon: {companion} · Bonuszug in dieser Runde genutzt',
  'istanbul.hand.lettersDelivered': '{n} überbracht',
  'istanbul.hand.companion.box': 'noch nicht genommen',
  'istanbul.hand.companion.supply': 'in deinem Vorrat',
  'istanbul.help.rulesLettersAndSeals':
    '### Brief & Siegel (`/spiel neu erweiterung:`)\n' +
    '- 20 Orte in 5x4; 6 Rubine bei jeder Spielerzahl.\n' +
    '- **Botschaft**: 2 Briefe. **Kiosk**: 1 Brief, dann 1 Kiosk-Plättchen mehr, als Spieler mitspielen: Reihum wählt jeder mit eigenen Schaltflächen eins, der aktive Spieler bekommt auch das letzte.\n' +
    '- **Auktionshaus**: 1 Ware, dann werden 2 Bonuskarten versteigert: Alle anderen bieten einmal mit eigenen Schaltflächen, wer versteigert, bietet zuletzt.\n' +
    '- **Geheimbund**: Briefe mit 6 Siegeln für einen Rubin (3/2/1 Lira für die ersten drei).\n' +
    '- **Briefe**: Ein Brief ist überbracht und zeigt 2 Siegel, sobald eine deiner Figuren an seinem Ort steht; am Ende des Zuges bringen abgegebene Briefe mit 3 Siegeln einen Bonuszug. Der Kurier gibt dir 1 Brief, wenn du ihm 2 Lira oder 1 Brief abgibst.\n' +
    '- **Kompagnon** (vom Brunnen): zieht statt des Kaufmanns um 1 Ort weiter. Jeder Kaufmann und jeder Kompagnon eines anderen Spielers am Zielort kostet 2 Lira.',
  'istanbul.help.decisionsLettersAndSeals':
    '- Brief & Siegel: Einsteigeraufbau und die 16 neuen Karten wie in den Projektnotizen; Bonuszug höchstens einmal pro Runde und nie im Anschluss an einen Bonuszug; der Geheimbund nimmt genau 6 Siegel und zahlt 3/2/1 Lira an die ersten drei verschiedenen Spieler; Würfelkarte: 2–6 3 Lira, 7–9 eine Ware, 10–12 eine Ware und 3 Lira.\n' +
    '- Nach einem Kiosk-Plättchen oder einem Gebot wird der betreffende Spieler mit einer Erwähnung gefragt. Antwortet er nicht, entscheidet wie sonst die Abstimmung bei Untätigkeit: Ein Computerspieler wählt Plättchen oder Gebot für ihn (und spielt den Platz, bis er zurückgenommen wird), oder er wird aus dem Spiel genommen.',
};

export const expansionNl: Catalogue = {
  'istanbul.group.companion': 'Je compagnon…',
  'istanbul.group.letters': 'Een brief inleveren…',
  'istanbul.group.kiosk': 'Een kiosktegel kiezen…',
  'istanbul.group.kioskEffect': 'Ruilen…',
  'istanbul.group.auction': 'Bieden…',
  'istanbul.expansion.lettersAndSeals': 'Brieven & Zegels (nieuwe bonuskaarten erdoor geschud)',
  'istanbul.expansion.lettersAndSealsNewCards': 'Brieven & Zegels (alleen de nieuwe bonuskaarten)',
  'istanbul.hand.letters': '{letterMark}Brieven: {letters} · {sealMark}{seals, plural, one {# zegel} other {# zegels}} · compagnon: {companion}',
  'istanbul.hand.lettersUsed': '{letterMark}Brieven: {letters} · {sealMark}{seals, plural, one {# zegel} other {# zegels}} · compagnon: {companion} · dubbele zet deze ronde gebruikt',
  'istanbul.hand.lettersDelivered': '{n} bezorgd',
  'istanbul.hand.companion.box': 'nog niet genomen',
  'istanbul.hand.companion.supply': 'in je voorraad',
  'istanbul.help.rulesLettersAndSeals':
    '### Brieven & Zegels (`/spel nieuw uitbreiding:`)\n' +
    '- 20 plaatsen in 5x4; 6 robijnen bij elk aantal spelers.\n' +
    '- **Ambassade**: 2 brieven. **Kiosk**: 1 brief, dan één kiosktegel meer dan er spelers zijn: om de beurt kiest ieder er één met eigen knoppen, de actieve speler krijgt ook de laatste.\n' +
    '- **Veilinghuis**: 1 handelswaar, dan worden 2 bonuskaarten geveild: alle anderen bieden één keer met eigen knoppen, wie de veiling opent, biedt als laatste.\n' +
    '- **Geheim genootschap**: brieven met 6 zegels voor een robijn (3/2/1 lira voor de eerste drie).\n' +
    '- **Brieven**: een brief is bezorgd en telt 2 zegels zodra een van je stukken op zijn plaats staat; aan het eind van je beurt leveren brieven met 3 zegels een dubbele zet op: een extra beurt. De koerier geeft een brief voor 2 lira of een andere brief.\n' +
    '- **Compagnon** (van de fontein): zet 1 stap in plaats van de handelaar. Elke handelaar en elke compagnon van een andere speler op de plaats waar je aankomt, kost 2 lira.',
  'istanbul.help.decisionsLettersAndSeals':
    '- Brieven & Zegels: de opstelling voor beginners en de 16 nieuwe kaarten zoals in de projectnotities; dubbele zet hoogstens één keer per ronde en nooit aan het eind van de extra beurt van een dubbele zet; het Geheim genootschap neemt precies 6 zegels en betaalt 3/2/1 lira aan de eerste drie verschillende spelers; dobbelkaart: 2–6 3 lira, 7–9 een handelswaar, 10–12 een handelswaar en 3 lira.\n' +
    '- Om een kiosktegel of een bod wordt de betreffende speler gevraagd met een vermelding. Antwoordt die niet, dan beslist zoals gewoonlijk de stemming bij inactiviteit: een computerspeler kiest de tegel of het bod (en speelt de plaats tot die wordt teruggenomen), of de speler wordt uit het spel gehaald.',
};
