// download_add: queue a package of direct links in the direct-download manager (pyLoad), or .nzb links in the
// Usenet client (domains/downloads/usenet-add.ts).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { ToolError } from '../../../core/errors.js'
import { refuseWhenDownloadsDiskLow } from '../download-shared.js'
import { addNzbLinks, isNzbLink } from '../usenet-add.js'

const input = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Package and folder name (no "/")' }),
  links: Type.Array(Type.String({ minLength: 8, maxLength: 2048, description: 'A public http(s) link' }), { minItems: 1, maxItems: 50, description: 'Public http/https links' }),
  destination: Type.Union([Type.Literal('queue'), Type.Literal('collector')], { default: 'queue', description: 'queue (start) or collector (keep for later)' })
}, { additionalProperties: false })

const output = Type.Object({
  packageId: Type.Optional(Type.Integer({ description: 'Package id in the direct-download manager (for download_status)' })),
  usenetIds: Type.Optional(Type.Array(Type.String(), { description: '.nzb links: the Usenet client\'s ids (download_status)' })),
  name: Type.String({ description: 'Package name' }),
  links: Type.Integer({ minimum: 1, description: 'How many links were added' }),
  destination: Type.String({ description: 'queue or collector' })
}, { additionalProperties: false })

export default (app: FastifyInstance) => defineTool({
  name: 'download_add',
  title: 'Add links to the direct-download manager',
  description: 'Queues direct links (hosters, plain files) as one package in the direct-download manager; .nzb links go to the Usenet client. Public http/https only; one refused link queues nothing. One file or video page: download_direct; releases: the series/movie tools. Then download_status, which also organizes it when done.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  guards: { names: ['name'], urls: { links: 'direct' } },
  async handler (args, ctx) {
    await refuseWhenDownloadsDiskLow(app)
    const nzb = args.links.filter(isNzbLink).length
    if (nzb > 0 && nzb < args.links.length) throw new ToolError(`${nzb} of the ${args.links.length} links are .nzb links: send the .nzb links (Usenet) and the other links (direct downloads) in separate calls.`)
    if (nzb > 0) {
      const usenetIds = await addNzbLinks(app, args.name, args.links, ctx.signal)
      return {
        data: { usenetIds, name: args.name, links: nzb, destination: 'queue' },
        summary: `Sent ${nzb} NZB${nzb === 1 ? '' : 's'} "${args.name}" to ${app.backends.usenet!.service} (id ${usenetIds.join(', ')}). Follow with download_status.`
      }
    }
    const packageId = await app.backends.pyload.addPackage(args.name, args.links, args.destination)
    return {
      data: { packageId, name: args.name, links: args.links.length, destination: args.destination },
      summary: `Added package "${args.name}" (id ${packageId}) with ${args.links.length} link${args.links.length === 1 ? '' : 's'} to the ${args.destination === 'queue' ? 'download queue' : 'link collector'}.`
    }
  }
})
