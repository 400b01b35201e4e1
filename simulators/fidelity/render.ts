// Writes simulators/FIDELITY.md from the rows: `npx tsx simulators/fidelity/render.ts`.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderFidelityMarkdown } from './index.js'

const target = fileURLToPath(new URL('../FIDELITY.md', import.meta.url))
writeFileSync(target, renderFidelityMarkdown())
process.stdout.write(`wrote ${target}\n`)
