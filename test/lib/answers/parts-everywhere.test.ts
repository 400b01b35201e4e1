// Every tool whose answer carries the parts record (lib/answers/parts.ts), with each backend down in turn (the
// torrent client and the direct-download manager are never up here): the text never claims emptiness over a part
// that was not checked, names each unknown part with its cause, and never calls a skipped part "down". A tool
// that gains `parts` in its output schema must be added to CALLS, so the rule follows it (issue 34 #5).
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { toolContext } from '../../helpers/sim-app.js'
import type { Part } from '../../../lib/answers/parts.js'

const CLOSED = 'http://127.0.0.1:9'

/** Each tool with `parts`, and the calls that make it answer from parts. */
const CALLS: Record<string, Array<Record<string, unknown>>> = {
  get_library_state: [{ title: 'Severance' }, {}],
  download_status: [{}, { action: 'finished' }],
  cancel_downloads: [{ action: 'list' }],
  server_status: [{}],
  series_status: [{ view: 'queue' }, { view: 'stuck' }, { view: 'upgrades' }],
  movie_status: [{ view: 'queue' }, { view: 'stuck' }, { view: 'upgrades' }],
  cleanup_server: [{}]
}

/** Words that claim a list or a fact is empty. */
const EMPTY = /\b(nothing|none|no [a-z]+|not downloading|not listed|not known|not monitored)\b/i
/**
 * Sentences that are not claims about what a part holds: those rendered from the record about the parts not
 * checked (uncheckedText, nothingText), and what a preview says of its own call (nothing done, nothing to do
 * in this call; cleanup_server follows it with "Nothing qualifies in <the checked categories>").
 */
const ABOUT_UNCHECKED = /^(Unknown, did not answer:|Not checked:|Nothing was checked, so nothing is known\.|Nothing has changed yet\.|Nothing to clean up\.$)/

/** Every `parts` array anywhere in the structured content (get_library_state's health has its own). */
function partsIn (value: unknown): Part[][] {
  if (Array.isArray(value)) return value.flatMap(partsIn)
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => (k === 'parts' && Array.isArray(v) ? [v as Part[]] : partsIn(v)))
}

/** The text's sentences, each with the answer's own words ("Not checked: a (x; y); b (z).") kept whole. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z"])/)

function judge (t: Test, what: string, text: string, parts: Part[]): void {
  const unchecked = parts.filter(p => p.state !== 'checked')
  for (const p of parts.filter(p => p.state === 'unknown')) {
    t.ok(text.includes(p.part) && text.includes(p.why!.slice(0, 40)), `${what}: names ${p.part} as unknown with its cause`, { text })
  }
  for (const p of parts.filter(p => p.state === 'skipped')) {
    t.ok(p.why, `${what}: ${p.part} is skipped with why`)
    t.notMatch(text, new RegExp(`Unknown, did not answer:[^.]*${escape(p.part)} \\(`), `${what}: ${p.part} is skipped, not "down"`, { text })
  }
  for (const s of sentences(text).filter(s => !ABOUT_UNCHECKED.test(s) && EMPTY.test(s))) {
    for (const p of unchecked) t.notOk(s.includes(p.part), `${what}: "${s}" says nothing over ${p.part}, which was not checked`, { text })
    // A whole-answer "nothing" needs every part checked; with some unchecked it is scoped "(in A and B)" or "in A".
    if (unchecked.length > 0 && /^(Nothing|No|None)\b/.test(s)) t.match(s, /(^|[\s(])in /, `${what}: "${s}" is scoped to what was checked`, { text })
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

t.setTimeout(360_000)
t.test('no tool claims emptiness over a part it did not check', async t => {
  const s = await startServarrStack(t, { jellyfin: true, config: { TORRENT_CLIENT_URL: CLOSED, DOWNLOAD_MANAGER_URL: CLOSED } })
  const withParts = s.app.tools.list().filter(tool => (tool.outputSchema as { properties?: Record<string, unknown> } | undefined)?.properties?.parts !== undefined).map(tool => tool.name)
  t.same(withParts.filter(name => !(name in CALLS)), [], 'every tool with parts in its output schema is checked here')
  const downs = [
    { name: 'nothing else', set: (_: string) => {} },
    { name: 'the series manager', set: (m: string) => s.sonarr.faults.set(m as 'down') },
    { name: 'the movie manager', set: (m: string) => s.radarr.faults.set(m as 'down') },
    { name: 'the media server', set: (m: string) => s.jellyfin!.faults.set(m as 'down') }
  ]
  let app: FastifyInstance = s.app
  for (const down of downs) {
    down.set('down')
    // A fresh server per backend down: the managers' lists are cached for 30 s once read.
    app = down.name === 'nothing else' ? app : (await s.restart()).app
    for (const [tool, calls] of Object.entries(CALLS)) {
      for (const args of calls) {
        const what = `${down.name} down: ${tool} ${JSON.stringify(args)}`
        const res = await app.tools.call(tool, args, toolContext())
        const text = res.content.map(c => (c.type === 'text' ? c.text : '')).join('\n')
        if (res.isError) continue // a single-source view whose one source is down fails whole, naming it (backend-down.test.ts)
        for (const parts of partsIn(res.structuredContent)) judge(t, what, text, parts)
      }
    }
    // The backend that is down is a part of its own in the title answer, unknown with its cause.
    const title = (await app.tools.call('get_library_state', { title: 'Severance' }, toolContext())).structuredContent as { parts?: Part[] }
    if (down.name !== 'nothing else') t.match(title.parts?.find(p => p.part === down.name), { state: 'unknown', why: /unreachable/ }, `${down.name} down: get_library_state names it unknown`)
    down.set('none')
  }
})
