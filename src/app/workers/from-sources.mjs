// Run from the TypeScript sources (vitest, tsx), a worker's module is a .ts file. Node 20 does not hand
// module hooks such as tsx's on to worker threads, so this plain-JavaScript entry loads that module
// through tsx itself. The built bot (dist/) never uses it: its workers are JavaScript.
import { workerData } from 'node:worker_threads';
import Tinypool from 'tinypool';
import { tsImport } from 'tsx/esm/api';

const [, { tsModule }] = workerData;
const loaded = await tsImport(tsModule, import.meta.url);

export default async function fromSources(task) {
  const result = await loaded.default(task);
  // tsx loads its own copy of tinypool, whose "move" mark this worker's copy does not see: mark it again
  const moved = result !== null && typeof result === 'object' && Tinypool.transferableSymbol in result;
  return moved ? Tinypool.move(result) : result;
}
