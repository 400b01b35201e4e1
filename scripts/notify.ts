// `npm run notify -- test`: sends a test notice to every channel in NOTIFY_URLS and prints one line per channel
// (scheme and host only, never the URL), exiting 1 when any failed, 2 on a usage error, 78 on a configuration error.
import { ConfigError, loadConfig } from '../config.js'
import { createNotifier } from '../lib/notify/index.js'

const USAGE = 'Usage: npm run notify -- test    (sends a test notice to every channel in NOTIFY_URLS and reports each)'

export async function main (argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  if (argv[0] !== 'test' || argv.length > 1) { out(USAGE); return 2 }
  let config
  try {
    config = loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) { out(err.message); return 78 }
    throw err
  }
  const notifier = createNotifier({ urls: config.NOTIFY_URLS, people: config.NOTIFY_PEOPLE, events: config.NOTIFY_EVENTS, log: { warn: () => {}, info: () => {} } })
  if (!notifier.configured) { out('NOTIFY_URLS is empty: no channel to test. Set it in .env (see docs/notices.md).'); return 1 }
  const results = await notifier.test({ title: 'Mediastack test notice', body: 'If you read this, notices reach this channel.' })
  for (const r of results) out(`${r.ok ? 'ok    ' : 'FAILED'} ${r.to}: ${r.channel}${r.ok ? '' : ` — ${r.error}`}`)
  const failed = results.filter(r => !r.ok).length
  out(`${results.length - failed} of ${results.length} channel(s) received the test notice.`)
  await notifier.close()
  return failed > 0 ? 1 : 0
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2), process.env, line => console.log(line))
}
