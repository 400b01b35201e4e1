// REQUESTS_USERS: a malformed entry stops the server with one line naming it; callers map to persons (a chat
// user by their Telegram user id, never by a group chat's id; everyone without a person is the owner).
import t from 'tap'
import { buildConfig, ConfigError } from '../../../config.js'
import { personOf } from '../../../lib/requests/user-map.js'
import { parseRequestUsers } from '../../../core/request-users.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'

t.test('a malformed REQUESTS_USERS entry is named at startup', async t => {
  let problems: string[] = []
  try { buildConfig({ REQUESTS_USERS: 'owner=1, Alice Smith=2' }) } catch (err) { if (err instanceof ConfigError) problems = err.problems }
  t.same(problems, ['REQUESTS_USERS: "Alice Smith=2" is not telegram:<chat user id>=<Seerr user id>, owner=<Seerr user id> or <person>=<Seerr user id>'])
  t.same([...parseRequestUsers(buildConfig({ REQUESTS_USERS: 'alice=3' }).REQUESTS_USERS)], [['alice', 3]], 'a NOTIFY_PEOPLE name maps a sign-in made for that person')
  t.same([...parseRequestUsers(buildConfig({ REQUESTS_USERS: 'owner=1, telegram:111=2' }).REQUESTS_USERS)], [['owner', 1], ['telegram:111', 2]])
})

t.test('who a caller is', async t => {
  t.same(personOf(INTERNAL_PRINCIPAL), { kind: 'owner' })
  t.same(personOf({ ...INTERNAL_PRINCIPAL, actor: 'telegram:-100200:111' }), { kind: 'telegram', userId: '111' }, 'in a group, the person, not the group')
  t.same(personOf({ ...INTERNAL_PRINCIPAL, actor: 'someone' }), { kind: 'unknown', actor: 'someone' })
})
