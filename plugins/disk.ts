// app.disk: free-space figures of the folders this server sees, read the way df reads them. One seam, so the
// free-space checks (grabs, server_status) can be tested against a disk of any size.
import fp from 'fastify-plugin'
import { readDiskFigures, type DiskFigures } from '../lib/library/disk-figures.js'

export interface DiskPluginOptions {
  /** Reads a folder's filesystem figures (default: statfs). */
  figures?: (path: string) => Promise<DiskFigures>
}

declare module 'fastify' {
  interface FastifyInstance {
    disk: { figures: (path: string) => Promise<DiskFigures> }
  }
}

export default fp<DiskPluginOptions>(async function disk (app, opts) {
  app.decorate('disk', { figures: opts.figures ?? readDiskFigures })
}, { name: 'disk' })
