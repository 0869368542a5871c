/** Het vakantiebudget: de instelling van de server (/game server) en wat de tafels van een speler en de speler zelf horen, in het Nederlands. */
import type { vacation as en } from '../en/vacation.js';

export const vacation: Record<keyof typeof en, string> = {
  'cmd.game.server.name': 'server',
  'cmd.game.server.description': 'Serverinstellingen: vakantiedagen en reservebank',
  'opt.vacationDays.name': 'vakantiedagen',
  'opt.vacationDays.description': 'Vakantiedagen per speler per jaar',
  'server.show': '**Deze server:** elke speler heeft {days, plural, one {# vakantiedag} other {# vakantiedagen}} per jaar. Zolang iemand afwezig is (/game notify afwezig_tot), staan zijn klokken zoveel dagen stil; daarna zet afwezigheid alleen nog de herinneringen uit.',
  'server.updated': 'Opgeslagen. {settings}',
  'server.notInServer': 'Serverinstellingen maak je in een server.',
  'server.notAdmin': 'Alleen leden die de server mogen beheren, kunnen de instellingen ervan wijzigen.',
  'vacation.on': '{player} is op vakantie tot {until} · nog {left} van {perYear, plural, one {# dag} other {# dagen}} over dit jaar',
  'vacation.partly': '{player} is op vakantie tot {until} · de klok staat maar stil tot {paused} · nog {left} van {perYear, plural, one {# dag} other {# dagen}} over dit jaar',
  'vacation.spent': '{player} is afwezig tot {until} · geen vakantiedagen meer dit jaar ({perYear, plural, one {# dag} other {# dagen}} per jaar), dus de klok loopt door',
  'vacation.back': '{player} is terug van vakantie · nog {left} van {perYear, plural, one {# dag} other {# dagen}} over dit jaar',
  'notify.vacation.on': 'Je klokken staan stil tot je terug bent: nog {left} van {perYear, plural, one {# vakantiedag} other {# vakantiedagen}} over dit jaar.',
  'notify.vacation.partly': 'Je vakantiedagen reiken dit jaar tot {paused}: tot dan staan je klokken stil, daarna lopen ze weer, terwijl je afwezigheid je herinneringen uit blijft zetten (nog {left} van {perYear, plural, one {# dag} other {# dagen}}).',
  'notify.vacation.spent': 'Je vakantiedagen voor dit jaar zijn op ({perYear, plural, one {# dag} other {# dagen}} per jaar): je afwezigheid zet je herinneringen uit, maar je klokken lopen.',
  'notify.vacation.back': 'Terug van vakantie: nog {left} van {perYear, plural, one {# vakantiedag} other {# vakantiedagen}} over dit jaar.',
  'notify.vacation.server': '{server}: {text}',
  'list.away': '💤 afwezig: {players}',
  'list.awayPlayer': '{player} tot {until} (nog {left} van {perYear} vakantiedagen)',
  'list.awayPlayerUncounted': '{player} tot {until}',
};
