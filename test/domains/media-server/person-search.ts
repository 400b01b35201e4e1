// What search_media shows the owner ("parent") and a restricted person ("kid"), by name: shared by the per-person
// limit tests on Jellyfin and on Plex.
import type { FastifyInstance } from 'fastify'
import type { ToolContext } from '../../../core/tool-types.js'
import { ok } from '../../helpers/results.js'
import { personPrincipal } from '../../helpers/kiddo.js'

export function personSearch (app: FastifyInstance, ctx: (o?: Partial<ToolContext>) => ToolContext) {
  const kid = ctx({ principal: personPrincipal('kid') })
  const owner = ctx({ principal: personPrincipal('parent', true) })
  const names = async (c: ToolContext, args: Record<string, unknown>) =>
    (ok(await app.tools.call('search_media', { limit: 100, ...args }, c)) as { items: Array<{ name: string }> }).items.map(i => i.name)
  const finds = async (c: ToolContext, name: string) => (await names(c, { query: name })).includes(name)
  return { kid, owner, names, finds }
}
