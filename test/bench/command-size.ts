/**
 * How many characters each registered command has, as Discord counts them against its 4,000 a command (names,
 * descriptions, choices' names and values, in English and in each language, the largest of them):
 *
 *   node --import tsx test/bench/command-size.ts
 */
import { commandDefinitions } from '../../src/discord/handlers/commands.js';
import { BUILT_IN_GAMES } from '../../src/games/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { tallyGame } from '../games/tally/game.js';

type Node = { name: string; description?: string; name_localizations?: Record<string, string> | null; description_localizations?: Record<string, string> | null; options?: Node[]; choices?: { name: string; value: string | number; name_localizations?: Record<string, string> | null }[] };

/** Discord's count: each field at its longest localisation (the default value included). */
function longest(node: Node): number {
  const field = (value: string, localised: Record<string, string> | null | undefined): number => Math.max(value.length, ...Object.values(localised ?? {}).map((v) => v.length));
  const choices = (node.choices ?? []).reduce((n, c) => n + field(c.name, c.name_localizations) + String(c.value).length, 0);
  return field(node.name, node.name_localizations) + field(node.description ?? '', node.description_localizations) + choices + (node.options ?? []).reduce((n, o) => n + longest(o), 0);
}

function size(node: Node, locale: string | null): number {
  const name = (locale === null ? undefined : node.name_localizations?.[locale]) ?? node.name;
  const description = (locale === null ? undefined : node.description_localizations?.[locale]) ?? node.description ?? '';
  const choices = (node.choices ?? []).reduce((n, c) => n + ((locale === null ? undefined : c.name_localizations?.[locale]) ?? c.name).length + String(c.value).length, 0);
  return name.length + description.length + choices + (node.options ?? []).reduce((n, o) => n + size(o, locale), 0);
}

for (const [label, registry] of [
  ['the built-in games', gameRegistry(BUILT_IN_GAMES)],
  ['with the test game', gameRegistry([...BUILT_IN_GAMES, tallyGame({ removeSeat: false, target: 5 })])],
] as const) {
  for (const command of commandDefinitions(registry.modules, registry.presenters(inProcessBoardRenderer(registry))) as unknown as Node[]) {
    console.log(`${label}: /${command.name}: ${longest(command)} (each field at its longest language); en ${size(command, null)}, de ${size(command, 'de')}, nl ${size(command, 'nl')}`);
  }
}
