// The client a domain reads: the instance a tool call chose (ctx.instances, set once by the tool's prepare
// step, domains/instance-choice.ts) or the one a read of every instance is on, passed by name. No name: the
// default instance.
import type { FastifyInstance } from 'fastify'
import { instanceClient } from '../clients/instance-clients.js'

export const seriesManager = (app: FastifyInstance, name?: string) => instanceClient(app.backends, 'series', name)
export const movieManager = (app: FastifyInstance, name?: string) => instanceClient(app.backends, 'movies', name)
export const torrentClient = (app: FastifyInstance, name?: string) => instanceClient(app.backends, 'torrents', name)
export const usenetClient = (app: FastifyInstance, name?: string) => instanceClient(app.backends, 'usenet', name)

/** The series or movie manager instance (a queue source). */
export const managerOf = (app: FastifyInstance, source: 'series' | 'movies', name?: string) =>
  source === 'series' ? seriesManager(app, name) : movieManager(app, name)
