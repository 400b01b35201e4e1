import t from 'tap'
import { readFileSync } from 'node:fs'
import { ConfigSchema } from '../config.js'
import { ENV_GROUPS, renderEnvExample } from '../scripts/env-example.js'

t.test('.env.example is generated from the config schema and up to date', async t => {
  const onDisk = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
  t.equal(onDisk, renderEnvExample(), 'run `npm run env-example` after changing config.ts')
})

t.test('every config variable is in exactly one .env.example group', async t => {
  const grouped = ENV_GROUPS.flatMap(([, keys]) => keys)
  t.same([...grouped].sort(), Object.keys(ConfigSchema.properties).sort())
  t.equal(new Set(grouped).size, grouped.length, 'no variable listed twice')
})

t.test('.env.example carries no secret values', async t => {
  const onDisk = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
  for (const line of onDisk.split('\n')) {
    if (/^[A-Z_0-9]+_(KEY|TOKEN|PASSWORD|SECRET|PASSPHRASE)=/.test(line)) t.match(line, /=$/, `${line.split('=')[0]} is empty`)
  }
})
