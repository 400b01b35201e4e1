// Each torrent client instance is built as its own kind (TORRENT_CLIENT_<NAME>_TYPE, else TORRENT_CLIENT_TYPE),
// and its probe names that kind with the instance, as /health and server_status show it.
import t from 'tap'
import { buildConfig } from '../../config.js'
import { createBackends } from '../../clients/index.js'
import { instanceSecrets } from '../../clients/instances.js'

t.test('the default client and each instance are built as their configured kind', async t => {
  const config = buildConfig({
    TORRENT_CLIENT_TYPE: 'transmission',
    TORRENT_CLIENT_URL: 'http://127.0.0.1:9',
    TORRENT_CLIENT_INSTANCES: 'seedbox,box',
    TORRENT_CLIENT_SEEDBOX_URL: 'http://127.0.0.1:9',
    TORRENT_CLIENT_SEEDBOX_TYPE: 'qbittorrent',
    TORRENT_CLIENT_BOX_URL: 'http://127.0.0.1:9'
  })
  const backends = createBackends(config) as unknown as Record<string, { service?: string, probe: () => Promise<{ service: string }>, close?: () => Promise<void> }>
  t.teardown(() => Promise.all(Object.values(backends).map(b => b.close?.())))
  t.equal(backends.torrent!.service, 'Transmission')
  t.equal(backends['torrent@seedbox']!.service, 'qBittorrent')
  t.equal(backends['torrent@box']!.service, 'Transmission', 'an instance without a type is the default kind')
  t.equal((await backends['torrent@box']!.probe()).service, 'Transmission (box)')
  t.notOk(instanceSecrets(config).includes('qbittorrent'), 'a type is not a secret to redact')
})
