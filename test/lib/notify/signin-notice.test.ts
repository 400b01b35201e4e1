// Issue 35 #10: one client that signs in 40 times in 0.2 s sends one notice at once and one line with the count
// when its window ends, not 40; another client in the same window is told on its own.
import t from 'tap'
import { createSignInNotices } from '../../../lib/notify/signin-notice.js'
import type { Message } from '../../../core/notify/types.js'

t.test('sign-in notices are coalesced per client and window', async t => {
  const sent: Message[] = []
  const due: Array<() => void> = []
  const notices = createSignInNotices({ send: m => sent.push(m), windowMs: 10 * 60_000, schedule: fn => { due.push(fn); return () => {} } })
  for (let i = 0; i < 40; i++) notices.signedIn({ clientId: 'anon', scopes: ['mcp'] })
  t.equal(sent.length, 1, '40 sign-ins of one client: one notice while the window is open')
  t.match(sent[0]!.body, /^A client without a name signed in with scopes mcp\./)
  notices.signedIn({ clientId: 'other', clientName: 'Claude', scopes: ['mcp'] })
  t.equal(sent.length, 2, 'another client is told at once')
  due.shift()!()
  t.equal(sent.length, 3, 'the window ends: one line with the count')
  t.match(sent[2]!.body, /^The client without a name signed in 39 more time\(s\) within 10 minute\(s\) of its first sign-in\./)
  due.shift()!()
  t.equal(sent.length, 3, 'a window with nothing counted says nothing')
  notices.signedIn({ clientId: 'anon', scopes: ['mcp'] })
  t.equal(sent.length, 4, 'after its window a client is told again')
  notices.close()
})
