// mediastack://health: what GET /health answers (backends reachable, versions, job counts), as a resource.
// Served through the route itself, so it is exactly the public, secret-free report: the route's response
// schema drops any field it does not list.
import { sharedFeature } from '../bridge/shared-catalogue.js'
import { JSON_MIME } from './resource-context.js'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'

export const HEALTH_URI = 'mediastack://health'

export const healthResource = sharedFeature(({ mcp, app }) => {
  mcp.registerResource('health', HEALTH_URI, {
    title: 'Server health',
    description: 'The tool server\'s health: each backend reachable or not (with the reason), its version verdict, and running/queued job counts.',
    mimeType: JSON_MIME
  }, async uri => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    if (res.statusCode !== 200) throw new ProtocolError(ProtocolErrorCode.InternalError, `The health report is unavailable (HTTP ${res.statusCode}); try again shortly.`)
    return { contents: [{ uri: uri.href, mimeType: JSON_MIME, text: res.body }] }
  })
})
