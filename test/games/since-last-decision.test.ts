/**
 * What changed for a player since they last decided, as each game's rules make it matter (the start of
 * their panel), and the moves an Istanbul board marks: every move since the player to move last decided,
 * each by its player, not only the last.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, type GameEvent } from '../../src/engine/index.js';
import { istanbulPresenter } from '../../src/games/istanbul/presenter/index.js';
import { istanbulChangedFor } from '../../src/games/istanbul/presenter/catch-up.js';
import type { IstanbulPublicView } from '../../src/games/istanbul/view/types.js';
import { kairoPresenter } from '../../src/games/kairo/presenter/index.js';
import { kairoChangedFor } from '../../src/games/kairo/presenter/catch-up.js';
import type { BoardJob, BoardRenderer } from '../../src/render/board-job.js';
import { fixtureView as istanbulView } from '../render/istanbul/fixtures.js';
import { stageView } from '../render/kairo/fixtures.js';

/** A renderer that keeps the jobs it is given and draws nothing. */
function keeping(): { boards: BoardRenderer; jobs: BoardJob[] } {
  const jobs: BoardJob[] = [];
  return { jobs, boards: { render: (job: BoardJob) => (jobs.push(job), Promise.resolve(Buffer.alloc(0))) } as BoardRenderer };
}

/** Grid steps between two places. */
function steps(view: IstanbulPublicView, a: number, b: number): number {
  const pa = view.places.find((p) => p.id === a)!;
  const pb = view.places.find((p) => p.id === b)!;
  return Math.abs(pa.row - pb.row) + Math.abs(pa.col - pb.col);
}

describe('Istanbul', () => {
  const view = istanbulView({ players: 4, layout: 'short', stage: 'late' });
  const moved = (player: number, from: number, to: number): GameEvent => ({ key: 'istanbul.event.moved', seat: player, params: { player, from, to } });

  it("the board marks every player's move since the player to move last decided, oldest first", async () => {
    const { boards, jobs } = keeping();
    const [a, b] = view.figures.merchants;
    const events = [moved(a!.seat, 7, a!.place), { key: 'istanbul.event.turnEnded', seat: a!.seat, params: { player: a!.seat } }, moved(b!.seat, 7, b!.place)];
    await istanbulPresenter(boards).renderBoard(view, { locale: 'en', names: [], lastTurn: events });
    expect((jobs[0]!.options as { moves?: unknown }).moves).toEqual([
      { seat: a!.seat, from: 7, to: a!.place },
      { seat: b!.seat, from: 7, to: b!.place },
    ]);
    // No move among the events: the picture marks the view's last move, as it always did.
    await istanbulPresenter(boards).renderBoard(view, { locale: 'en', names: [], lastTurn: [] });
    expect(jobs[1]!.options).not.toHaveProperty('moves');
  });

  it("a merchant that stopped within the player's reach is news to them: stopping there costs 2 lira", () => {
    const merchants = view.figures.merchants;
    const [mine, other] = merchants.flatMap((m) => merchants.filter((o) => [1, 2].includes(steps(view, m.place, o.place))).map((o) => [m, o] as const))[0]!;
    const said = istanbulChangedFor([moved(other.seat, 7, other.place)], view, mine.seat);
    expect(said).toEqual([{ key: 'istanbul.changed.merchantInReach', params: { player: other.seat, place: other.place } }]);
    // Their own move is none of it, nor one to a place the merchant has left since.
    expect(istanbulChangedFor([moved(mine.seat, 7, mine.place)], view, mine.seat)).toEqual([]);
    expect(istanbulChangedFor([moved(other.seat, 7, (other.place % 16) + 1)], view, mine.seat)).toEqual([]);
  });

  it("lira paid to the player and a price another's purchase raised are told, in every language", () => {
    const [mine, other] = view.figures.merchants;
    const paid: GameEvent = { key: 'istanbul.event.merchantPaid', seat: other!.seat, params: { player: other!.seat, other: mine!.seat, lira: 2 } };
    const gem: GameEvent = { key: 'istanbul.event.gemstoneBought', seat: other!.seat, params: { player: other!.seat, lira: 14 } };
    const market = view.places.find((p) => p.detail.kind === 'market')!;
    const sold: GameEvent = { key: 'istanbul.event.goodsSold', seat: other!.seat, params: { player: other!.seat, place: market.id, goods: 'red', lira: 2 } };
    const said = istanbulChangedFor([paid, gem, sold], view, mine!.seat);
    expect(said[0]).toEqual(paid);
    expect(said.map((m) => m.key)).toEqual(['istanbul.event.merchantPaid', 'istanbul.changed.gemstonePrice', 'istanbul.changed.marketDemand']);
    const presenter = istanbulPresenter(keeping().boards);
    for (const locale of LOCALES) for (const m of said) expect(presenter.format(m, locale, ['A', 'B', 'C', 'D'])).not.toMatch(/[{}]|istanbul\./);
    // The market's new demand, in goods: what it pays for now.
    expect(presenter.format(said[2]!, 'en', [])).toMatch(/^New demand at the .+: \d .+/);
  });
});

describe('Kairo', () => {
  const view = stageView('late-4p');
  const fields = view.board.fields;
  const stall = view.stalls.find((s) => s.owner === 0)!;
  const home = fields[stall.main]!;
  const occupied = new Set(view.stalls.flatMap((s) => [s.main, ...s.extensions]));
  const beside = fields.find((f) => Math.abs(f.x - home.x) + Math.abs(f.y - home.y) === 1 && !occupied.has(f.id))!;
  const far = fields.find((f) => f.area === 'market' && !occupied.has(f.id) && view.stalls.filter((s) => s.owner === 0).every((s) => [s.main, ...s.extensions].every((id) => Math.abs(fields[id]!.x - f.x) + Math.abs(fields[id]!.y - f.y) > 1)))!;

  it("coins a stall earned, a medal taken from the player and a stall built beside one of theirs are news to them; another's income and a stall far off are not", () => {
    const income = (player: number): GameEvent => ({ key: 'kairo.event.income.red', seat: player - 1, params: { player, coins: 3 } });
    const built = (label: string): GameEvent => ({ key: 'kairo.event.stall.blue', seat: 2, params: { player: 3, field: label, entrance: label } });
    const medal: GameEvent = { key: 'kairo.event.medal.gold.red', seat: 2, params: { player: 3, points: 4, from: 1 } };
    const said = kairoChangedFor([income(1), income(3), built(beside.label), built(far.label), medal], view, 0);
    expect(said).toEqual([income(1), { key: 'kairo.changed.besideYours', params: { player: 3, field: beside.label } }, medal]);
    const presenter = kairoPresenter(keeping().boards);
    for (const locale of LOCALES) expect(presenter.format(said[1]!, locale, ['A', 'B', 'Carla', 'D'])).toMatch(new RegExp(`^Carla .*${beside.label}`));
  });
});
