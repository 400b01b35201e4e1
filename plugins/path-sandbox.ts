// app.sandbox: every file or folder input resolves under MEDIA_ROOT or DOWNLOADS_ROOT (lib/sandbox).
// The tool registry applies resolve()/checkName() to the fields a tool declares in `guards`; handlers call
// resolve() again for the real path, display() for results, and assertMutable()/recheck() right before
// changing anything.
import fp from 'fastify-plugin'
import { createPathSandbox, type PathSandbox } from '../lib/sandbox/sandbox.js'

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: PathSandbox
  }
}

export default fp(async function pathSandbox (app) {
  const sandbox = await createPathSandbox({
    mediaRoot: app.config.MEDIA_ROOT,
    downloadsRoot: app.config.DOWNLOADS_ROOT,
    warn: message => app.log.warn(message)
  })
  app.decorate('sandbox', sandbox)
}, { name: 'path-sandbox', dependencies: ['config'] })
