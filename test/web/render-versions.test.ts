// The dashboard's service tiles show a version once, as the backend reported it: "v4.5.2" from a backend
// that prefixes it itself (qBittorrent), "v10.11.11" for a bare number, and a word such as "managed (starts
// on first use)" (aria2 run by this server) as it is — never "vv4.5.2" or "vmanaged". render.js runs here on
// a minimal document: it only creates elements and text nodes and replaces a list's children.
import t from 'tap'

class FakeNode {
  children: FakeNode[] = []
  attributes: Record<string, string> = {}
  className = ''
  constructor (readonly tag: string, readonly text = '') {}
  get textContent (): string { return this.text + this.children.map(c => c.textContent).join('') }
  setAttribute (k: string, v: string) { this.attributes[k] = v }
  removeAttribute (k: string) { delete this.attributes[k] }
  addEventListener () {}
  append (...c: FakeNode[]) { this.children.push(...c) }
  replaceChildren (...c: FakeNode[]) { this.children = c }
}

const lists = new Map<string, FakeNode>()
Object.assign(globalThis, {
  Node: FakeNode,
  document: {
    createElement: (tag: string) => new FakeNode(tag),
    createTextNode: (text: string) => new FakeNode('#text', text),
    getElementById: (id: string) => { if (!lists.has(id)) lists.set(id, new FakeNode('ul')); return lists.get(id) }
  }
})
// @ts-expect-error plain browser JavaScript without type declarations
const { renderServices } = await import('../../web/render.js')

t.test('versions are shown once, a word without a "v"', async t => {
  renderServices({
    items: [
      { name: 'Torrent client', configured: true, reachable: true, version: 'v4.5.2', latencyMs: 3 },
      { name: 'Media server', configured: true, reachable: true, version: '10.11.11', latencyMs: 5 },
      { name: 'aria2', configured: true, reachable: true, version: 'managed (starts on first use)' },
      { name: 'Direct downloads', configured: true, reachable: true, version: 'V0.5.0b3' }
    ]
  })
  const tiles = lists.get('services')!.children
  const shown = tiles.map(tile => `${tile.textContent} | ${tile.attributes['aria-label']}`)
  t.match(shown[0], /\bv4\.5\.2\b/)
  t.match(shown[1], /\bv10\.11\.11\b/)
  t.match(shown[2], /· managed \(starts on first use\)/)
  for (const line of shown) {
    t.notMatch(line, /\b[vV][vV]\d/, `no doubled "v": ${line}`)
    t.notMatch(line, /\bv(?!\d)[a-z]/i, `no "v" before a word: ${line}`)
  }
})
