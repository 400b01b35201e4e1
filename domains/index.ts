// The six tool domains, in the order their tools appear in tools/list.
import type { FastifyInstance } from 'fastify'
import mediaServer from './media-server/index.js'
import library from './library/index.js'
import series from './series/index.js'
import movies from './movies/index.js'
import downloads from './downloads/index.js'
import maintenance from './maintenance/index.js'

export const domains: Array<(app: FastifyInstance) => Promise<void>> = [mediaServer, library, series, movies, downloads, maintenance]
