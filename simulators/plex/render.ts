// How the Plex simulator answers: one MediaContainer object, sent as JSON when the request's Accept asks for
// application/json and as XML otherwise (LukeHagar/plex-api-spec @ ae9507e description.md : 3-12). In XML a
// container's Metadata entries are elements named by kind (Video for movies and episodes, Directory for shows,
// seasons and albums, Track for tracks: pkkid/python-plexapi @ 4.16.1 plexapi/video.py and audio.py TAG), other
// arrays are elements named by their key, nested objects child elements, scalars attributes.
import type { FastifyReply, FastifyRequest } from 'fastify'

type Json = string | number | boolean | null | undefined | Json[] | { [k: string]: Json }
export type Container = Record<string, Json>

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const TAGS: Record<string, string> = { movie: 'Video', episode: 'Video', clip: 'Video', track: 'Track' }

function element (name: string, value: { [k: string]: Json }): string {
  const attrs: string[] = []
  const children: string[] = []
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue
    if (Array.isArray(v)) {
      for (const child of v) {
        if (child && typeof child === 'object' && !Array.isArray(child)) {
          const tag = k === 'Metadata' ? TAGS[String(child.type)] ?? 'Directory' : k
          children.push(element(tag, child))
        }
      }
    } else if (typeof v === 'object') children.push(element(k, v))
    else attrs.push(` ${k}="${esc(typeof v === 'boolean' ? (v ? '1' : '0') : String(v))}"`)
  }
  return children.length ? `<${name}${attrs.join('')}>${children.join('')}</${name}>` : `<${name}${attrs.join('')} />`
}

export function toXml (container: Container): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element('MediaContainer', container)}\n`
}

export const wantsJson = (req: FastifyRequest) => /application\/json/i.test(String(req.headers.accept ?? ''))

export function send (req: FastifyRequest, reply: FastifyReply, container: Container) {
  if (wantsJson(req)) return reply.type('application/json').send({ MediaContainer: container })
  return reply.type('text/xml; charset=utf-8').send(toXml(container))
}

/**
 * The paging headers (description.md : 350-366): X-Plex-Container-Start/-Size, as headers or (plexapi puts them
 * in the query for counts, plexapi/library.py : 878-879) query parameters. The answer carries the start and the
 * total in X-Plex-Container-Start / X-Plex-Container-Total-Size and in the container's offset / totalSize.
 */
export function pageOf<T> (req: FastifyRequest, reply: FastifyReply, all: T[]): { items: T[], attrs: Container } {
  const q = req.query as Record<string, string | undefined>
  const read = (name: string) => {
    const raw = req.headers[name.toLowerCase()] ?? q[name]
    const n = Number(Array.isArray(raw) ? raw[0] : raw)
    return raw === undefined || !Number.isInteger(n) || n < 0 ? undefined : n
  }
  const start = read('X-Plex-Container-Start') ?? 0
  const size = read('X-Plex-Container-Size')
  const items = all.slice(start, size === undefined ? undefined : start + size)
  reply.header('X-Plex-Container-Start', String(start)).header('X-Plex-Container-Total-Size', String(all.length))
  return { items, attrs: { size: items.length, totalSize: all.length, offset: start } }
}
