// The listen bus delivers an event meant for one principal only to the streams that principal opened.
import t from 'tap'
import type { ServerEvent } from '@modelcontextprotocol/server'
import { createListenBus, listenScope } from '../../../../plugins/mcp/features/listen-bus.js'

t.test('events with an audience reach only that principal\'s streams', async t => {
  const bus = createListenBus()
  const got: Record<string, string[]> = { a: [], b: [], none: [] }
  const record = (who: string) => (event: ServerEvent) => { got[who].push(event.kind === 'resource_updated' ? event.uri : event.kind) }
  listenScope.run('a', () => bus.subscribe(record('a')))
  const stopB = listenScope.run('b', () => bus.subscribe(record('b')))
  bus.subscribe(record('none'))
  bus.publishTo('a', { kind: 'resource_updated', uri: 'jobs://x' })
  bus.publish({ kind: 'tools_list_changed' })
  stopB()
  bus.publishTo('b', { kind: 'resource_updated', uri: 'jobs://y' })
  t.same(got, { a: ['jobs://x', 'tools_list_changed'], b: ['tools_list_changed'], none: ['tools_list_changed'] })
})
