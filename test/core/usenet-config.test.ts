// USENET_CLIENT_*: every mistake refused at start naming the variable; unset means no Usenet client at all.
import { test } from 'tap'
import { buildConfig, ConfigError } from '../../config.js'
import { createBackends } from '../../clients/index.js'

function problems (input: Record<string, unknown>): string[] {
  try { buildConfig(input, { fromEnv: true }); return [] } catch (err) { return (err as ConfigError).problems }
}

test('unset: no Usenet client, nothing else changes', async t => {
  const config = buildConfig({})
  t.equal(config.USENET_CLIENT_TYPE, '')
  t.equal(createBackends(config).usenet, undefined)
})

test('each program with its own credential builds its client', async t => {
  const nzbget = createBackends(buildConfig({ USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: 'http://nzbget:6789', USENET_CLIENT_USERNAME: 'nzbget', USENET_CLIENT_PASSWORD: 'pw' })).usenet
  t.equal(nzbget?.service, 'NZBGet')
  const sab = createBackends(buildConfig({ USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: 'http://sabnzbd:8080', USENET_CLIENT_API_KEY: '0123456789abcdef0123456789abcdef' })).usenet
  t.equal(sab?.service, 'SABnzbd')
  await nzbget?.close?.()
  await sab?.close?.()
})

test('every mistake is refused naming the variable', async t => {
  t.match(problems({ USENET_CLIENT_URL: 'http://nzbget:6789' }), [/^USENET_CLIENT_TYPE: not set, but USENET_CLIENT_URL is/])
  t.match(problems({ USENET_CLIENT_TYPE: 'nzbgett', USENET_CLIENT_URL: 'http://x:1' }), [/^USENET_CLIENT_TYPE: "nzbgett" must be one of: sabnzbd, nzbget/])
  t.match(problems({ USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_API_KEY: 'k'.repeat(32) }), [/^USENET_CLIENT_URL: missing/])
  t.match(problems({ USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: 'http://s:8080' }), [/^USENET_CLIENT_API_KEY: missing; SABnzbd needs its API key/])
  t.match(problems({ USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: 'http://s:8080', USENET_CLIENT_API_KEY: 'your-api-key' }), [/^USENET_CLIENT_API_KEY: "your-api-key" is a placeholder/])
  t.match(problems({ USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: 'http://s:8080', USENET_CLIENT_API_KEY: 'k'.repeat(32), USENET_CLIENT_USERNAME: 'me' }), [/^USENET_CLIENT_USERNAME: SABnzbd is reached with USENET_CLIENT_API_KEY/])
  t.match(problems({ USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: 'http://n:6789' }), [/^USENET_CLIENT_USERNAME: missing; NZBGet needs its ControlUsername/])
  t.match(problems({ USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: 'ftp://n:6789', USENET_CLIENT_USERNAME: 'u' }), [/^USENET_CLIENT_URL: "ftp:\/\/n:6789" must be an http/])
  t.match(problems({ USENET_CLIENT_INSTANCES: 'news2', USENET_CLIENT_NEWS2_URL: 'http://n2:6789', USENET_CLIENT_NEWS2_TYPE: 'nzbget', USENET_CLIENT_NEWS2_USERNAME: 'u' }), [/^USENET_CLIENT_INSTANCES: extra Usenet clients need the default one first/])
  const extra = { USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: 'http://n:6789', USENET_CLIENT_USERNAME: 'u', USENET_CLIENT_INSTANCES: 'news2', USENET_CLIENT_NEWS2_URL: 'http://s2:8080', USENET_CLIENT_NEWS2_TYPE: 'sabnzbd' }
  t.match(problems(extra), [/^USENET_CLIENT_NEWS2_API_KEY: missing; SABnzbd needs its API key/])
  const ok = buildConfig({ ...extra, USENET_CLIENT_NEWS2_API_KEY: 'k'.repeat(32) }, { fromEnv: true })
  const backends = createBackends(ok) as unknown as Record<string, { service?: string, close?: () => Promise<void> }>
  t.equal(backends['usenet@news2']?.service, 'SABnzbd', 'an extra instance of another program is its own client')
  for (const b of Object.values(backends)) await b.close?.()
})

test('an extra Usenet instance\'s password is redacted, its type is not', async t => {
  const { instanceSecrets } = await import('../../clients/instances.js')
  const config = buildConfig({ USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: 'http://n:6789', USENET_CLIENT_USERNAME: 'u', USENET_CLIENT_INSTANCES: 'news2', USENET_CLIENT_NEWS2_URL: 'http://n2:6789', USENET_CLIENT_NEWS2_TYPE: 'nzbget', USENET_CLIENT_NEWS2_USERNAME: 'u2', USENET_CLIENT_NEWS2_PASSWORD: 'second-secret-pw' }, { fromEnv: true })
  const secrets = instanceSecrets(config)
  t.ok(secrets.includes('second-secret-pw'))
  t.notOk(secrets.includes('nzbget'), 'the program name stays readable in logs and answers')
})
