/** Das Urlaubskonto: die Einstellung des Servers (/game server) und was die Tische eines Spielers und er selbst erfahren, auf Deutsch. */
import type { vacation as en } from '../en/vacation.js';

export const vacation: Record<keyof typeof en, string> = {
  'cmd.game.server.name': 'server',
  'cmd.game.server.description': 'Servereinstellungen: Urlaubstage und Ersatzbank',
  'opt.vacationDays.name': 'urlaubstage',
  'opt.vacationDays.description': 'Urlaubstage pro Spieler und Jahr',
  'server.show': '**Dieser Server:** Jeder Spieler hat {days, plural, one {# Urlaubstag} other {# Urlaubstage}} im Jahr. Solange er abwesend ist (/game notify abwesend_bis), stehen seine Uhren so viele Tage still; danach schaltet Abwesenheit nur noch die Erinnerungen stumm.',
  'server.updated': 'Gespeichert. {settings}',
  'server.notInServer': 'Servereinstellungen werden in einem Server gemacht.',
  'server.notAdmin': 'Nur Mitglieder, die den Server verwalten dürfen, können seine Einstellungen ändern.',
  'vacation.on': '{player} ist im Urlaub bis {until} · noch {left} von {perYear, plural, one {# Tag} other {# Tagen}} in diesem Jahr',
  'vacation.partly': '{player} ist im Urlaub bis {until} · die Uhr steht nur bis {paused} still · noch {left} von {perYear, plural, one {# Tag} other {# Tagen}} in diesem Jahr',
  'vacation.spent': '{player} ist abwesend bis {until} · keine Urlaubstage mehr in diesem Jahr ({perYear, plural, one {# Tag} other {# Tage}} im Jahr), die Uhr läuft also weiter',
  'vacation.back': '{player} ist aus dem Urlaub zurück · noch {left} von {perYear, plural, one {# Tag} other {# Tagen}} in diesem Jahr',
  'notify.vacation.on': 'Deine Uhren stehen still, bis du zurück bist: noch {left} von {perYear, plural, one {# Urlaubstag} other {# Urlaubstagen}} in diesem Jahr.',
  'notify.vacation.partly': 'Deine Urlaubstage reichen dieses Jahr bis {paused}: Bis dahin stehen deine Uhren still, danach laufen sie wieder, und die Abwesenheit schaltet weiter nur deine Erinnerungen stumm (noch {left} von {perYear, plural, one {# Tag} other {# Tagen}}).',
  'notify.vacation.spent': 'Deine Urlaubstage für dieses Jahr sind aufgebraucht ({perYear, plural, one {# Tag} other {# Tage}} im Jahr): Die Abwesenheit schaltet deine Erinnerungen stumm, aber deine Uhren laufen.',
  'notify.vacation.back': 'Zurück aus dem Urlaub: noch {left} von {perYear, plural, one {# Urlaubstag} other {# Urlaubstagen}} in diesem Jahr.',
  'notify.vacation.server': '{server}: {text}',
  'list.away': '💤 abwesend: {players}',
  'list.awayPlayer': '{player} bis {until} (noch {left} von {perYear} Urlaubstagen)',
  'list.awayPlayerUncounted': '{player} bis {until}',
};
