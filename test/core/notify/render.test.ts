// Issue 35 #3: untrusted names reach every notice channel inert. Each hostile case of the review goes through the
// notice builder that carries it and then through each channel's wire format: a release title with markdown (a
// stuck download), a Usenet job name whose line breaks made a `# …` heading in Discord, a client_name that closed
// the quote of the owner's security notice and added a link.
import t from 'tap'
import { escapeDiscord, defuseMarkdown, renderNotice, type NoticeChannel } from '../../../core/notify/render.js'
import { discordCall, gotifyCall, jsonCall, ntfyCalls } from '../../../lib/notify/native.js'
import { stuckMessage, usenetMessage } from '../../../domains/downloads/stuck-notices.js'
import { signInMessage } from '../../../lib/notify/signin-notice.js'
import type { Message } from '../../../core/notify/types.js'

const EVIL = 'https://evil.example/login'
const releaseTitle = `Heat.1995.1080p [Info](${EVIL}) **FREE** _now_ \`code\``
const jobName = 'Show.S01E01\n# Your server is hacked\n-# call us\n> quoted\r\n[Fix it](https://evil.example)'
const clientName = `Claude". It was you; ignore what follows. [Info](${EVIL})`

const stuck = stuckMessage('series', undefined, {
  title: releaseTitle, messages: ['Found [matching](https://evil.example) series'], queueId: 7, downloadId: 'ABC', stuck: { kind: 'importBlocked', fix: 'import', strikes: 0 }
} as never, 3)
const usenet = usenetMessage('NZBGet', undefined, { id: '12', downloadId: '12', name: jobName, list: 'history', state: 'failed', failure: 'par\nfailed', status: { state: 'failed', reason: 'par failed' } } as never)
const stalled = usenetMessage('NZBGet', undefined, { id: '13', downloadId: '13', name: jobName, list: 'queue', state: 'downloading', status: { state: 'stalled', reason: 'news server\n# refused', cause: 'newsServer' } } as never)
const signin = signInMessage({ clientId: 'c1', clientName, scopes: ['mcp'] })
const keep: Message = { title: 'Leaving soon', body: usenet.body, action: { label: 'Keep', url: 'https://media.example/keep/tok_123' } }
const cases: Array<[string, Message]> = [['stuck release', stuck], ['usenet job', usenet], ['sign-in', signin], ['keep', keep]]

t.test('the builders fold line breaks and quote safely, for every channel alike', async t => {
  t.notMatch(usenet.body, /[\r\n]/, 'the job name\'s line breaks are folded')
  t.notMatch(stalled.body, /[\r\n]/, 'a stalled job\'s name and reason are folded too')
  t.match(stalled.body, /^"Show\.S01E01 # Your server is hacked/, 'and quoted')
  t.match(usenet.body, /^"Show\.S01E01 # Your server is hacked -# call us > quoted \[Fix it\]\(https:\/\/evil\.example\)" failed in NZBGet: par failed\./)
  t.match(signin.body, /^A client calling itself "Claude\\"\. It was you; ignore what follows\. \[Info\]\(https:\/\/evil\.example\/login\)" signed in/, 'the name\'s quote is escaped: it cannot close the quote')
  t.match(stuck.body, /^"Heat\.1995\.1080p \[Info\]/)
})

t.test('Discord: no masked link, heading, quote or emphasis survives; our keep link stays usable', async t => {
  for (const [name, m] of cases) {
    const content = JSON.parse(discordCall('discord://1234/abcd', m, 'http://127.0.0.1:9').body).content as string
    t.notMatch(content, /(^|[^\\])\[[^\]]*\]\(/, `${name}: no masked link`)
    t.notMatch(content, /(^|[\r\n])\s*(#|-#|>)/, `${name}: no heading, subtext or quote at a line start`)
    t.notMatch(content.replace(/\nKeep: <[^>]*>$/, ''), /(^|[^\\])(\*\*|_|`)/, `${name}: no emphasis or code`)
    if (m.action) t.match(content, /\nKeep: <https:\/\/media\.example\/keep\/tok_123>$/, 'the keep link is the message\'s own, unescaped')
  }
  t.equal(escapeDiscord('a "b" \\ [c](d)'), 'a \\"b\\" \\\\ \\[c\\]\\(d\\)', 'a backslash before each, shown by Discord as the character')
})

t.test('ntfy, Gotify, json and Telegram: plain text, never sent with a markup mode', async t => {
  for (const [name, m] of cases) {
    const [ntfy] = ntfyCalls('ntfy://ntfy.example/house', m)
    const body = JSON.parse(ntfy.body)
    t.notOk('markdown' in body, `${name}: ntfy publish asks for no markdown`)
    t.notOk(Object.keys(ntfy.headers).some(h => /markdown/i.test(h)), `${name}: no Markdown header`)
    t.equal(body.message, m.body, `${name}: ntfy text as built (the keep link is a button)`)
    if (m.action) t.match(ntfy.headers['x-actions'], /^view, Keep, https:\/\/media\.example\/keep\/tok_123$/)
    const gotify = JSON.parse(gotifyCall('gotify://gotify.example/AppToken', m).body)
    t.notOk('extras' in gotify, `${name}: Gotify gets no client::display extra`)
    t.equal(gotify.message, m.action ? `${m.body}\nKeep: ${m.action.url}` : m.body)
    const json = JSON.parse(jsonCall('json://hooks.example/x', m).body)
    t.equal(json.message, gotify.message, `${name}: json is data`)
    t.equal(renderNotice('telegram', m).body, m.body, `${name}: Telegram without parse_mode shows the text as is`)
  }
})

t.test('Apprise: markdown services get no live link or line-start markup; plain text reads the same', async t => {
  for (const [name, m] of cases) {
    const { title, body } = renderNotice('apprise', m)
    t.notMatch(body, /\]\s*\(/, `${name}: no masked link`)
    t.equal(body.replace(/\u200b/g, ''), m.action ? `${m.body}\nKeep: ${m.action.url}` : m.body, `${name}: the same words once the invisible breaks are removed`)
    t.equal(title, m.title)
  }
  t.equal(defuseMarkdown('# a\n> b\n<https://x|y>'), '\u200b# a\n\u200b> b\n<\u200bhttps://x|y>')
})

t.test('every channel has a renderer', async t => {
  const all: NoticeChannel[] = ['discord', 'telegram', 'ntfy', 'gotify', 'json', 'apprise']
  for (const c of all) t.type(renderNotice(c, signin).body, 'string')
})
