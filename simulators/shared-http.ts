// The door every *arr simulator shares: the API key check and listening on loopback. Kept in one place so
// the simulators cannot drift apart on what the clients' auth has to satisfy.
import type { FastifyInstance } from 'fastify'

export interface ApiKeyAuthOptions {
  /** Also accept `Authorization: Bearer <key>` (Sonarr and Radarr do; the Prowlarr simulator does not). */
  bearer?: boolean
  /** Runs for every request that passed the check (the Servarr base advances its downloads here). */
  onAuthorized?: () => void
}

/**
 * *arr auth: the key from the `apikey` query or the X-Api-Key header; a missing or wrong key is 401 with an
 * empty body. /ping stays open, as in the real services.
 */
export function requireApiKey (app: FastifyInstance, apiKey: string, opts: ApiKeyAuthOptions = {}) {
  app.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://sim')
    if (url.pathname === '/ping') return
    const bearer = opts.bearer ? /^Bearer\s+(.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1] : undefined
    const key = url.searchParams.get('apikey') ?? request.headers['x-api-key'] ?? bearer
    if (key !== apiKey) return reply.code(401).send()
    opts.onAuthorized?.()
  })
}

/** Listens on 127.0.0.1 (an ephemeral port unless one is given) and returns the base URL. */
export async function listenLocal (app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ host: '127.0.0.1', port })
  const address = app.server.address()
  const bound = typeof address === 'object' && address ? address.port : 0
  return `http://127.0.0.1:${bound}`
}
