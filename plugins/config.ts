// Makes the validated config available as app.config.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export default fp<{ config: Config }>(async function configPlugin (app, opts) {
  app.decorate('config', opts.config)
}, { name: 'config' })
