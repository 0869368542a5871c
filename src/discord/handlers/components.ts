/** The component handlers, gathered: one for every verb a custom_id may carry (codec.ts). */
import type { Verb } from '../codec.js';
import type { ComponentHandler } from '../context.js';
import { analysisShow } from './components/analysis.js';
import { boardHand } from './components/board-hand.js';
import { boardLog } from './components/board-log.js';
import { boardPhone } from './components/board-phone.js';
import { boardRematch } from './components/board-rematch.js';
import { boardText } from './components/board-text.js';
import { boardTurn } from './components/board-turn.js';
import { confirmKeep } from './components/confirm-keep.js';
import { confirmCommand } from './components/confirm.js';
import { idleVote } from './components/idle-vote.js';
import { lobbyCancel } from './components/lobby-cancel.js';
import { lobbyAddComputer, lobbyJoin, lobbyQuit, lobbyRemoveComputer } from './components/lobby-seats.js';
import { lobbyStart } from './components/lobby-start.js';
import { logPage } from './components/log-page.js';
import { panelAct } from './components/panel-act.js';
import { panelBack } from './components/panel-back.js';
import { panelSelect } from './components/panel-select.js';
import { panelSuggest } from './components/panel-suggest.js';
import { panelSure } from './components/panel-sure.js';
import { panelUndo, panelUndoWhole } from './components/panel-undo.js';
import { reminderSnooze } from './components/reminder-snooze.js';
import { replayFrame, replayOpen, replayRound } from './components/replay.js';
import { seatReclaim } from './components/seat-reclaim.js';
import { benchTake, seatAskBack, seatBackAnswer } from './components/bench.js';
import { tablePick } from './components/table-pick.js';

export const COMPONENT_HANDLERS: { readonly [V in Verb]: ComponentHandler<V> } = {
  join: lobbyJoin,
  quit: lobbyQuit,
  start: lobbyStart,
  cancel: lobbyCancel,
  addbot: lobbyAddComputer,
  rmbot: lobbyRemoveComputer,
  turn: boardTurn,
  hand: boardHand,
  log: boardLog,
  phone: boardPhone,
  text: boardText,
  logp: logPage,
  rematch: boardRematch,
  act: panelAct,
  sel: panelSelect,
  undo: panelUndo,
  undoall: panelUndoWhole,
  sure: panelSure,
  back: panelBack,
  suggest: panelSuggest,
  snooze: reminderSnooze,
  vote: idleVote,
  reclaim: seatReclaim,
  bench: benchTake,
  askback: seatAskBack,
  seatback: seatBackAnswer,
  confirm: confirmCommand,
  keep: confirmKeep,
  replay: replayOpen,
  rframe: replayFrame,
  analysis: analysisShow,
  rround: replayRound,
  pick: tablePick,
};
