// The official MCP SDK client signs in through OAuth as a person (the approval page's "who is signing in"), and
// what it is answered carries that person's own media-server limits: search_media, show_details and server_status
// leave out what their Jellyfin user may not see, while the owner's sign-in sees it.
import t from 'tap'
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client'
import { buildTestApp } from '../../helpers/build.js'
import { HeadlessOAuthProvider, freePort } from '../../helpers/oauth-client.js'
import { KID_PEOPLE, KID_URLS, restrictKiddo } from '../../helpers/kiddo.js'

/** Fetches /authorize as a browser would and answers the approval page's "who is signing in" with `person`. */
function choosing (person: string, base: string): typeof fetch {
  return async (input, init) => {
    const page = await fetch(input, init)
    if (page.status !== 200) return page
    const requestId = /name="request_id" value="([^"]+)"/.exec(await page.text())?.[1]
    if (!requestId) throw new Error('the approval page has no request_id')
    return await fetch(`${base}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: (page.headers.get('set-cookie') ?? '').split(';')[0]! },
      body: new URLSearchParams({ request_id: requestId, person }).toString()
    })
  }
}

async function signIn (t: { teardown: (fn: () => unknown) => void }, base: string, person: string): Promise<Client> {
  const url = new URL('/mcp', base)
  const provider = new HeadlessOAuthProvider(base, 'none', undefined, choosing(person, base))
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider })
  const err = await new Client({ name: 'household', version: '1' }).connect(first).then(() => undefined, (e: unknown) => e)
  if (!(err instanceof UnauthorizedError)) throw new Error('the first connect should need authorization')
  await first.finishAuth(provider.callbackParams!)
  const client = new Client({ name: 'household', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }))
  t.teardown(() => client.close())
  return client
}

t.test('an SDK client signed in as a restricted person gets that person\'s limits; the owner\'s does not', async t => {
  const port = await freePort()
  const { sims } = await buildTestApp(t, { listenPort: port, sims: { jellyfin: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  const titles = restrictKiddo(sims.jellyfin)
  sims.jellyfin.state.sessions[0]!.nowPlayingId = titles.rated.id
  const base = `http://127.0.0.1:${port}`
  const kid = await signIn(t, base, 'kid')
  const owner = await signIn(t, base, 'parent')

  type Found = { items: Array<{ name: string }> }
  const found = async (c: Client, name: string) => ((await c.callTool({ name: 'search_media', arguments: { query: name } })).structuredContent as Found).items.some(i => i.name === name)
  t.ok(await found(owner, titles.rated.name), 'the owner\'s client finds the R movie')
  t.notOk(await found(kid, titles.rated.name), 'the kid\'s client does not')
  t.ok(await found(kid, titles.fine.name), 'but finds the PG one')

  const details = await kid.callTool({ name: 'show_details', arguments: { seriesId: titles.mature.id } })
  t.ok(details.isError, 'a TV-MA series does not open for the kid\'s client')
  t.notOk((await owner.callTool({ name: 'show_details', arguments: { seriesId: titles.mature.id } })).isError, 'it opens for the owner\'s')

  type Status = { sessions: Array<{ nowPlaying?: { name: string } }> }
  const playing = async (c: Client) => ((await c.callTool({ name: 'server_status', arguments: {} })).structuredContent as Status).sessions.flatMap(s => s.nowPlaying ? [s.nowPlaying.name] : [])
  t.ok((await playing(owner)).includes(titles.rated.name), 'the owner\'s status says the R movie is playing')
  t.notOk((await playing(kid)).includes(titles.rated.name), 'the kid\'s does not')
  t.same(sims.jellyfin.violations, [])
})
