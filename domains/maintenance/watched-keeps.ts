// The household's say in the watched cleanup: when titles are marked leaving soon, each person who watched one
// (every enabled media-server user has, by the category's rule) or follows it is told through their notice
// channels with a one-tap "keep" link; the keeps (lib/library/keeps.ts) hold titles back and are listed in the
// preview, so an owner sees who keeps what.
import type { FastifyInstance } from 'fastify'
import { createKeepStore, keptFor, type Keep, type KeepStore } from '../../lib/library/keeps.js'
import type { WatchedCandidate } from '../../lib/library/cleanup-watched.js'
import { noticeName } from '../../core/notify/render.js'
import { parseRoutes } from '../../core/notify/settings.js'
import { sendTelegramKeep } from '../../lib/notify/telegram-keep.js'
import { noticeLine, recordServerAct } from '../../lib/audit/server-acts.js'

const stores = new Map<string, KeepStore>()
/** One store per state directory, so the cleanup and the keep page share its serialized writes. */
export function keepStore (stateDir: string): KeepStore {
  let store = stores.get(stateDir)
  if (!store) stores.set(stateDir, store = createKeepStore(stateDir))
  return store
}

/**
 * A keep link that expired unused is dropped from STATE_DIR by the server itself: each is recorded as the
 * server's act (whose link, for which title, when it ran out), never its token.
 */
export function recordKeepExpiries (app: FastifyInstance): void {
  const stop = keepStore(app.config.STATE_DIR).onExpired(links => {
    for (const l of links) {
      try {
        recordServerAct(app.audit.store, { source: 'server', action: 'keep-link.expired', args: { key: l.key, person: l.person, expires: l.expires }, targets: [`${noticeName(l.title, 100)} (keep link of ${l.person}, expired ${l.expires.slice(0, 10)})`] })
      } catch (err) {
        app.log.warn({ err: (err as Error).message }, 'an expired keep link could not be recorded in the audit trail')
      }
    }
  })
  app.addHook('onClose', async () => { stop() })
}

/** At most this many leaving-soon notices per person and call; the rest are summed up in one line. */
const MAX_TOLD = 10

/** "by alice since 2026-11-20 ("our film night"), bob since …" */
export function keptBy (keeps: Keep[]): string {
  return keeps.map(k => `${k.person}${k.at ? ` since ${k.at.slice(0, 10)}` : ''}${k.why ? ` (${noticeName(k.why, 80)})` : ''}`).join(', ')
}

/** The people a title concerns: the media-server users who watched it and the chat users who follow it. */
function concerned (app: FastifyInstance, c: WatchedCandidate): string[] {
  const people = new Set<string>()
  for (const user of c.users) {
    const p = app.notify.personOf({ mediaUser: user })
    if (p) people.add(p)
  }
  if (c.kind === 'series' && app.hasDecorator('notices')) {
    for (const f of app.notices.store.follows()) {
      if (f.seriesId !== c.id || (f.instance ?? 'default') !== c.instance) continue
      const user = /^telegram:-?\d+:(\d+)$/.exec(f.owner)?.[1]
      const p = user ? app.notify.personOf({ telegramUser: user }) : undefined
      if (p) people.add(p)
    }
  }
  return [...people]
}

/**
 * Tells each concerned person about the titles just marked, one notice per title with its own keep link (valid
 * until the window ends and a week beyond, so a late tap still keeps a title that waits for its confirm).
 * Runs in the background: a slow channel never holds up the cleanup call.
 */
export function tellLeaving (app: FastifyInstance, marked: Array<WatchedCandidate & { deletableFrom: string }>): void {
  // The bot's chat is a channel of its own: a household on Telegram alone needs no NOTIFY_URLS for this.
  const telegram = telegramSender(app)
  if ((!app.notify.configured && !telegram) || marked.length === 0) return
  const store = keepStore(app.config.STATE_DIR)
  const validMs = (app.config.CLEANUP_LEAVING_SOON_DAYS + 7) * 86_400_000
  const told = new Map<string, number>()
  // Nobody mapped in NOTIFY_PEOPLE: the household's channels are told (without a keep link: a link is one person's).
  const nobodyMapped = app.notify.people().size === 0
  const run = async () => {
    const keeps = await store.byKey()
    for (const c of marked) {
      if (nobodyMapped) {
        app.notify.notify('leaving', { to: 'household', orHousehold: true, message: { title: 'Leaving soon', body: `${noticeName(c.title, 100)} is leaving the library on ${c.deletableFrom.slice(0, 10)}: everyone has watched it. To keep it, ask the assistant (the cleanup preview lists it), or give it the "${app.config.CLEANUP_KEEP_TAG}" tag in its manager.` } })
        continue
      }
      // Who keeps it already (a keep outlives a mark): each person is told, so nobody keeps it twice for nothing.
      const others = (person: string) => (keptFor(keeps, c) ?? []).filter(k => k.person !== person)
      const already = (person: string) => others(person).length ? ` Kept already by ${keptBy(others(person))}.` : ''
      for (const person of concerned(app, c)) {
        const n = (told.get(person) ?? 0) + 1
        told.set(person, n)
        if (n > MAX_TOLD) continue
        const token = await store.link({ key: c.key, title: c.title, person }, validMs)
        telegram?.(person, `🍿 Leaving soon: ${noticeName(c.title, 100)} leaves the library on ${c.deletableFrom.slice(0, 10)}, as everyone has watched it.${already(person)} Tap Keep, or reply "keep" (and why, if you like), to keep it.`, token)
        // The link acts as this person: it goes to their own channels only, never to the household's (issue 35 #8).
        app.notify.notify('leaving', {
          to: person,
          personal: true,
          message: {
            title: 'Leaving soon',
            body: `${noticeName(c.title, 100)} is leaving the library on ${c.deletableFrom.slice(0, 10)}: everyone has watched it.${already(person)} Tap Keep if you want it to stay.`,
            action: { label: 'Keep', url: `${app.config.PUBLIC_URL}/keep/${token}` }
          }
        })
      }
    }
    // The household's channels (leaving=…+household) hear which titles leave, without anyone's keep link.
    const names = marked.slice(0, MAX_TOLD).map(c => noticeName(c.title, 100)).join(', ') + (marked.length > MAX_TOLD ? ` and ${marked.length - MAX_TOLD} more` : '')
    app.notify.notify('leaving', { to: 'household', message: { title: 'Leaving soon', body: `Leaving the library soon, as everyone has watched them: ${names}. Each person who watched one was sent their own keep link.` } })
    for (const [person, n] of told) {
      if (n <= MAX_TOLD) continue
      app.notify.notify('leaving', { to: person, message: { title: 'Leaving soon', body: `${n - MAX_TOLD} more title(s) are leaving soon; ask the assistant for the cleanup preview to see them all.` } })
    }
  }
  run().catch(err => app.log.warn({ err: (err as Error).message }, 'leaving-soon notices could not be prepared'))
}

/**
 * With the household's bot (CHAT_BOT_TOKEN) and leaving notices routed to the person, the notice also goes to
 * the person's Telegram chat with the bot (NOTIFY_PEOPLE telegram:<id>) with a Keep button the bot answers;
 * each outcome is recorded in the audit trail as the other channels' are (plugins/notify.ts).
 */
function telegramSender (app: FastifyInstance) {
  const route = parseRoutes(app.config.NOTIFY_EVENTS, []).leaving
  if (app.config.CHAT_BOT_TOKEN === '') return undefined
  return (person: string, text: string, token: string) => {
    if (!route.person && !route.named.includes(person)) return
    for (const chatId of app.notify.people().get(person)?.telegram ?? []) {
      const record = (error?: string) => recordServerAct(app.audit.store, {
        source: 'notice',
        action: 'notify.leaving',
        args: { to: person, channel: 'telegram (bot)', attempts: 1 },
        targets: [noticeLine('leaving', person, 'telegram (bot)')],
        ...(error ? { outcome: 'error', error } : {})
      })
      sendTelegramKeep({ apiRoot: app.config.CHAT_BOT_API_ROOT, botToken: app.config.CHAT_BOT_TOKEN }, chatId, text, token)
        .then(() => record(), (err: Error) => { record(err.message); app.log.warn({ to: person, error: err.message }, 'leaving-soon notice not delivered to Telegram') })
        .catch(err => app.log.warn({ err: (err as Error).message }, 'a notice outcome could not be recorded'))
    }
  }
}
