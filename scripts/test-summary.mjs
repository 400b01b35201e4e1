// What the end of a test run says (npm test prints it through scripts/test-run.mjs): every failed test with its
// path and diagnostics, then tap's final count as the plain closing line "tests: N passed, N failed".
// `node scripts/test-summary.mjs <tap log>` prints it for a saved log of raw TAP.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** The closing lines for a run's raw TAP `log`. */
export function summarize (log) {
  const out = []
  const lines = log.split('\n')

  // Subtests are nested by four spaces; remember the name open at each depth to print a failure's path.
  const indentOf = line => (line.match(/^ */)[0].length / 4) | 0
  const failures = []
  const open = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const depth = indentOf(line)
    const subtest = line.match(/^\s*# Subtest: (.*)$/)
    if (subtest) { open[depth] = subtest[1]; open.length = depth + 1; continue }
    const failed = line.match(/^\s*not ok \d+ - (.*?)(?: # time=.*)?$/)
    // A todo (a known gap, labelled in the test) is reported by tap but does not fail the run.
    if (!failed || /# TODO\b/.test(line)) continue
    const path = [...open.slice(0, depth), failed[1]].filter(Boolean)
    // A parent fails when a child does; the child's own line already says why.
    if (failures.some(f => f.path.length > path.length && path.every((p, k) => f.path[k] === p))) continue
    const diag = []
    if (lines[i + 1]?.trim() === '---') {
      for (let j = i + 2; j < lines.length && lines[j].trim() !== '...' && diag.length < 24; j++) diag.push(lines[j].trimEnd())
    }
    failures.push({ path, diag })
  }

  if (failures.length) {
    out.push(`\n== ${failures.length} failed test${failures.length === 1 ? '' : 's'}`)
    for (const f of failures) {
      out.push(`not ok: ${f.path.join(' > ')}`)
      for (const d of f.diag) out.push(`    ${d.trim()}`)
    }
    out.push('')
  }

  // tap's final count, e.g. "# { total: 9921, pass: 9913, fail: 4, todo: 4 }" (fail, skip and todo each optional).
  const m = [...log.matchAll(/# \{ total: (\d+), pass: (\d+)([^}]*)\}/g)].at(-1)
  if (!m) {
    out.push('tests: 0 passed, 1 failed')
  } else {
    const [, total, pass, rest] = m
    const count = name => Number(new RegExp(`${name}: (\\d+)`).exec(rest)?.[1] ?? 0)
    const [fail, skip, todo] = [count('fail'), count('skip'), count('todo')]
    const failed = Math.max(fail, Number(total) - Number(pass) - skip - todo)
    // The closing line keeps the plain form CI reads ("N passed, N failed[, N skipped]"); todos go on the line before.
    if (todo) out.push(`${todo} todo (known gaps, labelled in their tests; they do not fail the run)`)
    out.push(`tests: ${pass} passed, ${failed} failed${skip ? `, ${skip} skipped` : ''}`)
  }
  return out
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of summarize(readFileSync(process.argv[2], 'utf8'))) console.log(line)
}
