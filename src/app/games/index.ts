/** The games the bot hosts. A new game adds its GameModule here (and its presenter in src/discord/games). */
import type { GameModule, ModuleRegistry } from '../module.js';
import { istanbulModule } from './istanbul.js';
import { kairoModule } from './kairo.js';

export function gameModules(): ModuleRegistry {
  return new Map<string, GameModule>([
    ['istanbul', istanbulModule],
    ['kairo', kairoModule],
  ]);
}
