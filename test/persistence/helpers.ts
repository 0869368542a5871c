import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh temporary folder per test file; removed by the caller's afterAll. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bazaar-${prefix}-`));
}
