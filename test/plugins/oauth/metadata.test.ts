import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'

t.test('authorization server metadata (RFC 8414) names PUBLIC_URL exactly and advertises S256 only', async t => {
  const { app } = await buildTestApp(t, { config: { PUBLIC_URL: 'https://media.example.com/' } })
  const res = await app.inject({ url: '/.well-known/oauth-authorization-server', headers: { host: 'media.example.com' } })
  t.equal(res.statusCode, 200)
  const doc = res.json()
  t.equal(doc.issuer, 'https://media.example.com', 'issuer without trailing slash, identical to the base URL')
  t.equal(doc.authorization_endpoint, 'https://media.example.com/authorize')
  t.equal(doc.token_endpoint, 'https://media.example.com/token')
  t.equal(doc.registration_endpoint, 'https://media.example.com/register')
  t.equal(doc.revocation_endpoint, 'https://media.example.com/revoke')
  t.same(doc.code_challenge_methods_supported, ['S256'])
  t.same(doc.response_types_supported, ['code'])
  t.same(doc.grant_types_supported, ['authorization_code', 'refresh_token'])
  t.same(doc.token_endpoint_auth_methods_supported, ['none', 'client_secret_post', 'client_secret_basic'])
  t.same(doc.scopes_supported, ['mcp', 'setup'])
  t.equal(doc.authorization_response_iss_parameter_supported, true)
  t.equal(doc.client_id_metadata_document_supported, true, 'an https client_id is read as its metadata document (CIMD)')
})

t.test('protected resource metadata (RFC 9728) at the root and the /mcp path', async t => {
  const { app } = await buildTestApp(t, { config: { PUBLIC_URL: 'http://127.0.0.1:3000' } })
  for (const url of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    const res = await app.inject({ url })
    t.equal(res.statusCode, 200, url)
    t.same(res.json(), {
      resource: 'http://127.0.0.1:3000/mcp',
      authorization_servers: ['http://127.0.0.1:3000'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp'],
      resource_name: 'Mediastack MCP'
    }, url)
  }
})
