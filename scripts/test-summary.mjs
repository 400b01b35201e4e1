// Prints what CI needs at the very end of its log: every failed test with its path and diagnostics,
// then tap's final count as the plain closing line "tests: N passed, N failed".
import { readFileSync } from 'node:fs'

const log = readFileSync(process.argv[2], 'utf8')
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
  if (!failed) continue
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
  console.log(`\n== ${failures.length} failed test${failures.length === 1 ? '' : 's'}`)
  for (const f of failures) {
    console.log(`not ok: ${f.path.join(' > ')}`)
    for (const d of f.diag) console.log(`    ${d.trim()}`)
  }
  console.log('')
}

const m = [...log.matchAll(/# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?(?:, skip: (\d+))?[^}]*\}/g)].at(-1)
if (!m) {
  console.log('tests: 0 passed, 1 failed')
} else {
  const [, total, pass, fail = '0', skip = '0'] = m
  const failed = Math.max(Number(fail), Number(total) - Number(pass) - Number(skip))
  console.log(`tests: ${pass} passed, ${failed} failed${Number(skip) ? `, ${skip} skipped` : ''}`)
}
