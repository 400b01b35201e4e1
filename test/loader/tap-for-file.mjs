// What `import t from 'tap'` gives a test file that scripts/test-batch.mjs runs beside others in one process: the
// file's own subtest of the process's tap, not tap's process-wide root. A file's root-level hooks (t.before,
// t.teardown, t.setTimeout) are then the file's alone, and its teardowns run when its tests end, as they would in
// a process of its own. hooks.mjs points a test file's 'tap' here (?file= names the file) only in a batch process.
const file = new URL(import.meta.url).searchParams.get('file')
const t = globalThis[Symbol.for('mediastack.test-batch')]?.get(file)
if (t === undefined) throw new Error(`no batch test is open for ${file}`)

export default t
export { t }
export const test = (...args) => t.test(...args)
