// The imports a request or follow waits for: the managers' history dates may carry whole seconds only, while a
// request's or follow's `since` has milliseconds; an import in the same second, after it, must count.
import t from 'tap'
import { importsSince, type Call } from '../../../lib/notices/lookups.js'

t.test('an import in the same second as the follow counts; one in an earlier second does not', async t => {
  const since = Date.parse('2026-11-26T03:40:12.640Z')
  const history = [
    { eventType: 'downloadFolderImported', date: '2026-11-26T03:40:12Z', episodeId: 2 },
    { eventType: 'downloadFolderImported', date: '2026-11-26T03:40:11Z', episodeId: 1 },
    { eventType: 'grabbed', date: '2026-11-26T03:40:13Z', episodeId: 3 }
  ]
  const call: Call = async () => ({ isError: false, text: '', structured: { items: history } }) as Awaited<ReturnType<Call>>
  const found = await importsSince(call, 'series', 7, since)
  t.same(found.map(h => h.episodeId), [2])
})
