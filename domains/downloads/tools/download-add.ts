// download_add: queue a package of direct links in the direct-download manager (pyLoad).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'

const input = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Package name, also its folder name under the downloads folder (one safe name, no "/"), e.g. "Night of the Living Dead (1968)"' }),
  links: Type.Array(Type.String({ minLength: 8, maxLength: 2048, description: 'A public http(s) link' }), { minItems: 1, maxItems: 50, description: 'Links to download into the package (public http/https only; private or local addresses are refused)' }),
  destination: Type.Union([Type.Literal('queue'), Type.Literal('collector')], { default: 'queue', description: 'queue: start downloading; collector: only collect the links for later' })
}, { additionalProperties: false })

const output = Type.Object({
  packageId: Type.Integer({ description: 'The package id in the direct-download manager (for download_status)' }),
  name: Type.String({ description: 'Package name' }),
  links: Type.Integer({ minimum: 1, description: 'How many links were added' }),
  destination: Type.String({ description: 'queue or collector' })
}, { additionalProperties: false })

export default (app: FastifyInstance) => defineTool({
  name: 'download_add',
  title: 'Add links to the direct-download manager',
  description: 'Adds a package of direct links (file hosters, plain http/https files) to the direct-download manager, which downloads them into the downloads folder. ' +
    'Every link is checked first: only public http/https addresses are accepted, and nothing is queued if one is refused. ' +
    'Use download_direct instead for a single file or a video page you want saved and organized by this server; use series/movie tools for releases from indexers. ' +
    'Follow progress with download_status (action "queue"); when finished, organize it into the library with download_status action "organize".',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  guards: { names: ['name'], urls: { links: 'direct' } },
  async handler (args) {
    const packageId = await app.backends.pyload.addPackage(args.name, args.links, args.destination)
    return {
      data: { packageId, name: args.name, links: args.links.length, destination: args.destination },
      summary: `Added package "${args.name}" (id ${packageId}) with ${args.links.length} link${args.links.length === 1 ? '' : 's'} to the ${args.destination === 'queue' ? 'download queue' : 'link collector'}.`
    }
  }
})
