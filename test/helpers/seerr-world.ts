// A household whose requests go through Seerr: the Seerr simulator linked to the simulated Radarr and Sonarr
// (an approved request lands in the manager), and the tool server configured with REQUESTS_URL/_API_KEY.
// Users: 1 the owner (admin), 2 Alice (may request; Telegram chat 111 in her Seerr settings), 3 Bob (requests
// are auto-approved; one movie of quota), 4 Carol (may not request). The operator maps the bot's users to them
// (REQUESTS_USERS telegram:111=2 and telegram:444=4 unless `requestUsers` says otherwise): a chat id in Seerr's
// settings names nobody (issue 35 #9).
import { createSeerrSimulator, type ManagerLink, type SeerrSimulator } from '../../simulators/seerr/index.js'
import { PERM, type SimUser } from '../../simulators/seerr/state.js'
import { SERVARR_KEYS, startServarrStack, type ServarrStack, type StackOptions } from './servarr-sims.js'
import { toolContext } from './sim-app.js'
import type { ToolCallResult } from '../../core/tool-types.js'

export const SEERR_KEY = 'f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0'
export const ALICE_TG = 111
export const BOB_TG = 222

export function householdUsers (o: { aliceTypes?: number } = {}): SimUser[] {
  return [
    { id: 1, username: 'owner', email: 'owner@home.example', permissions: PERM.ADMIN },
    { id: 2, username: 'alice', email: 'alice@home.example', permissions: PERM.REQUEST, telegramChatId: String(ALICE_TG), telegramTypes: o.aliceTypes ?? 0 },
    { id: 3, username: 'bob', email: 'bob@home.example', permissions: PERM.REQUEST | PERM.AUTO_APPROVE, movieQuotaLimit: 1 },
    { id: 4, username: 'carol', email: 'carol@home.example', permissions: 0, telegramChatId: '444' }
  ]
}

export interface SeerrWorld extends ServarrStack {
  seerr: SeerrSimulator
  /** Calls a tool as the bot's chat user with this Telegram id (actor telegram:<id>:<id>). */
  callAs: (telegramUserId: number, name: string, args?: Record<string, unknown>) => Promise<ToolCallResult>
}

export async function startSeerrWorld (t: { teardown: (fn: () => unknown) => void }, o: { users?: SimUser[], telegramEnabled?: boolean, requestUsers?: string, stack?: StackOptions } = {}): Promise<SeerrWorld> {
  // The managers start with the stack; Seerr learns their URLs once they listen.
  const radarr: ManagerLink = { url: '', apiKey: SERVARR_KEYS.radarr }
  const sonarr: ManagerLink = { url: '', apiKey: SERVARR_KEYS.sonarr }
  const seerr = await createSeerrSimulator({ apiKey: SEERR_KEY, users: o.users ?? householdUsers(), telegramEnabled: o.telegramEnabled ?? true, radarr, sonarr })
  t.teardown(() => seerr.close())
  const s = await startServarrStack(t, {
    ...o.stack,
    config: { REQUESTS_URL: seerr.url, REQUESTS_API_KEY: SEERR_KEY, REQUESTS_USERS: o.requestUsers ?? `owner=1,telegram:${ALICE_TG}=2,telegram:444=4`, ...(o.stack?.config as Record<string, unknown> | undefined) }
  })
  radarr.url = s.radarr.url
  sonarr.url = s.sonarr.url
  const callAs = (id: number, name: string, args: Record<string, unknown> = {}) =>
    s.app.tools.call(name, args, toolContext({ principal: { ...toolContext().principal, actor: `telegram:${id}:${id}` } }))
  return { ...s, seerr, callAs }
}
