/**
 * The click being handled, carried along its asynchronous flow (AsyncLocalStorage), so that the
 * deliverer, posting a board inside that flow, can tell how long after the click the board arrived
 * (bazaar_click_to_board_seconds). Outside a click's flow (the deliverer's poll loop, the scheduler)
 * there is none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const clicks = new AsyncLocalStorage<number>();

/** Runs `handle` as the handling of a click that arrived at `arrivedAt` (performance.now()). */
export function duringClick<T>(arrivedAt: number, handle: () => Promise<T>): Promise<T> {
  return clicks.run(arrivedAt, handle);
}

/** When the click whose flow this is arrived (performance.now()), or undefined outside one. */
export function clickArrivedAt(): number | undefined {
  return clicks.getStore();
}

/** Runs `fn` outside any click's flow: a timer it sets must not carry the click into later work. */
export function outsideClick<T>(fn: () => T): T {
  return clicks.exit(fn);
}
