/**
 * A server's results as a table to take away: CSV (RFC 4180: comma-separated, CRLF line ends, a field
 * quoted when it holds a comma, a quote or a line end), one row per seat of every ended game, with a
 * header row naming the columns (docs/export-format.md). The players' names are theirs, not ours: a name
 * a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return) is written
 * with a leading apostrophe, so that opening the file never runs it.
 */
import type { ResultRow } from '../../persistence/stats-repository.js';

export const RESULT_COLUMNS = ['game_id', 'game', 'status', 'channel_id', 'finished_at', 'seat', 'player_id', 'player_name', 'computer_level', 'rank', 'left_early'] as const;

/** The CSV text of `rows`, its header first. */
export function resultsCsv(rows: readonly ResultRow[]): string {
  const lines = [RESULT_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        String(r.gameId),
        r.kind,
        r.abandoned ? 'abandoned' : 'finished',
        r.channelId,
        new Date(r.finishedAt).toISOString(),
        String(r.seat),
        r.userId,
        r.name,
        r.level ?? '',
        String(r.rank),
        r.left ? 'yes' : 'no',
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
