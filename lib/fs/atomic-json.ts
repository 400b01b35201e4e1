// Writes a JSON file so a crash leaves the old or the new content, never a torn one, and no temp file behind
// (lib/fs/atomic-write.ts).
import { writeFileAtomic } from './atomic-write.js'

export async function writeJsonAtomic (file: string, data: unknown): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(data))
}
