// The chat bot's users are people too: a Telegram user NOTIFY_PEOPLE lists is that person on every call the bot
// makes for them (the internal key plus ACTOR_META), as their own sign-in would be. Through the bot's own MCP
// runner, on both protocol eras: the kid does not find the R film and may not delete; the owner and a Telegram user
// NOTIFY_PEOPLE does not list read as before.
import t from 'tap'
import { buildTestApp, TEST_INTERNAL_KEY } from '../../helpers/build.js'
import { listenMcp } from '../../helpers/mcp-client.js'
import { KID_PEOPLE, KID_URLS, restrictKiddo } from '../../helpers/kiddo.js'
import { createMcpRunner } from '../../../lib/chat/mcp-runner.js'
import { asBotPerson } from '../../../lib/people/bot-people.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'

const signal = new AbortController().signal
const KID = 'telegram:900:111'
const PARENT = 'telegram:900:333'
const STRANGER = 'telegram:900:444'

t.test('who a bot call acts as', async t => {
  const as = (actor?: string) => asBotPerson({ ...INTERNAL_PRINCIPAL, ...(actor ? { actor } : {}) }, KID_PEOPLE)
  t.same(as(KID).person, { name: 'kid', owner: false, readOnly: false }, 'a listed Telegram user is that person')
  t.notOk(as(KID).scopes.includes('setup'), 'a person other than the owner never gets the setup scope')
  t.same(as(PARENT).person, { name: 'parent', owner: true, readOnly: false }, 'the owner is the owner')
  t.ok(as(PARENT).scopes.includes('setup'))
  t.equal(as(STRANGER).person, undefined, 'a Telegram user NOTIFY_PEOPLE does not list acts as the bot, as before')
  t.equal(as().person, undefined, 'the internal key acting for nobody is unchanged')
  t.equal(asBotPerson({ ...INTERNAL_PRINCIPAL, actor: KID }, '').person, undefined, 'without NOTIFY_PEOPLE nobody is a person')
  t.same(asBotPerson({ ...INTERNAL_PRINCIPAL, actor: 'telegram:900:555' }, 'ro=telegram:555,readonly').person, { name: 'ro', owner: false, readOnly: true }, 'readonly carries over')
})

t.test('through the bot\'s runner: the kid sees what their Jellyfin user may see and may not delete', async t => {
  const { app, sims } = await buildTestApp(t, { sims: { jellyfin: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  const titles = restrictKiddo(sims.jellyfin)
  const url = await listenMcp(app)
  for (const mode of ['auto', 'legacy'] as const) {
    const runner = createMcpRunner({ url, apiKey: TEST_INTERNAL_KEY, mode })
    t.teardown(runner.close)
    const finds = async (actor: string, name: string) => {
      const r = await runner.call('search_media', { query: name }, signal, actor)
      t.equal(r.isError, false, `${mode} ${actor}: ${r.text.slice(0, 200)}`)
      return ((r.structured as { items?: Array<{ name: string }> }).items ?? []).some(i => i.name === name)
    }
    t.notOk(await finds(KID, titles.rated.name), `${mode}: the kid does not find the R film`)
    t.ok(await finds(KID, titles.fine.name), `${mode}: the kid finds the PG film`)
    t.ok(await finds(PARENT, titles.rated.name), `${mode}: the owner finds the R film`)
    t.ok(await finds(STRANGER, titles.rated.name), `${mode}: a Telegram user NOTIFY_PEOPLE does not list reads as before`)
    const details = await runner.call('show_details', { seriesId: titles.mature.id }, signal, KID)
    t.equal(details.isError, true, `${mode}: the kid cannot open the TV-MA series`)
    t.match(details.text, new RegExp(`No item with id ${titles.mature.id}`))
    const del = await runner.call('manage_files', { action: 'delete', path: 'movies/x.mkv' }, signal, KID)
    t.equal(del.isError, true)
    t.match(del.text, /Only the owner can run manage_files/, `${mode}: the kid may not delete`)
  }
  t.same(sims.jellyfin.violations, [])
})
