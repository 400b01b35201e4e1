// server.json, the project's entry for the MCP Registry (a remote server the user hosts): valid against the
// registry's published schema (a copy in test/fixtures/mcp-registry), and saying what this server really serves.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'

const read = (path: string) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'))
const server = read('server.json')
const schema = read('test/fixtures/mcp-registry/server.schema.2025-12-11.json')

t.test('server.json is valid against the MCP Registry schema it names', async t => {
  t.equal(server.$schema, schema.$id, 'it names the schema it is checked against')
  const ajv = new Ajv({ allErrors: true, strict: false })
  addFormats.default(ajv)
  const validate = ajv.compile(schema)
  t.ok(validate(server), JSON.stringify(validate.errors))
  // The schema rejects what the registry rejects: a sanity check that the copy still validates something.
  t.notOk(validate({ ...server, name: 'no-slash' }), 'a name without a namespace is refused')
  t.notOk(validate({ ...server, description: 'x'.repeat(101) }), 'a description over 100 characters is refused')
})

t.test('server.json describes this server', async t => {
  const pkg = read('package.json')
  t.equal(server.version, pkg.version, 'the version is package.json\'s')
  t.same(server.packages, undefined, 'a remote server the user hosts: no package to install')
  const [remote] = server.remotes
  t.equal(server.remotes.length, 1)
  t.equal(remote.type, 'streamable-http', 'MCP over Streamable HTTP')
  t.match(remote.url, /^https:\/\/\{host\}\/mcp$/, 'the endpoint is PUBLIC_URL + /mcp, over HTTPS')
  t.ok(remote.variables.host.isRequired, 'the host is the user\'s own')
  const auth = remote.headers.find((h: { name: string }) => h.name === 'Authorization')
  t.ok(auth, 'the bearer header is described')
  t.equal(auth.isRequired, false, 'optional: OAuth clients sign in by themselves')
  t.equal(auth.isSecret, true, 'the internal key is a secret')
})
