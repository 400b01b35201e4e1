// A folder of the test's own under the system temp folder, removed in the test's teardown.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function tempDir (t: { teardown: (fn: () => unknown) => void }, prefix = 'msmcp-') {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
