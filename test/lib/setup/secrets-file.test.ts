// The stored keys: written atomically with mode 0600, read strictly, applied under explicit env at boot.
import t from 'tap'
import { lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  SecretsFileError, envWithStoredSecrets, parseSecrets, readStoredSecrets, secretsPath, writeStoredSecrets
} from '../../../lib/setup/secrets-file.js'
import { newKey } from '../../setup/stack.js'
import { tempDir } from '../../helpers/temp-dir.js'

const stateDir = (t: Parameters<typeof tempDir>[0]) => tempDir(t, 'msmcp-secrets-')

t.test('writes 0600 atomically, leaves no temp file, and reads back', async t => {
  const base = stateDir(t)
  const dir = join(base, 'state') // missing: created 0700
  const a = newKey()
  await writeStoredSecrets(dir, { SERIES_MANAGER_API_KEY: a })
  t.equal(statSync(secretsPath(dir)).mode & 0o777, 0o600, 'file mode 0600')
  t.equal(statSync(dir).mode & 0o777, 0o700, 'created state dir is 0700')
  t.same(await readStoredSecrets(dir), { SERIES_MANAGER_API_KEY: a })
  const b = newKey()
  await writeStoredSecrets(dir, { SERIES_MANAGER_API_KEY: a, MEDIA_SERVER_API_KEY: b })
  t.same(await readStoredSecrets(dir), { SERIES_MANAGER_API_KEY: a, MEDIA_SERVER_API_KEY: b })
  t.same(readdirSync(dir), ['secrets.env'], 'only the file itself remains')
  t.equal(statSync(secretsPath(dir)).mode & 0o777, 0o600, 'still 0600 after replacing')
})

t.test('a failed write leaves the previous file intact', async t => {
  const dir = stateDir(t)
  const a = newKey()
  await writeStoredSecrets(dir, { MOVIE_MANAGER_API_KEY: a })
  await t.rejects(writeStoredSecrets(dir, { MOVIE_MANAGER_API_KEY: 'bad value\nINTERNAL_API_KEY=x' }), SecretsFileError)
  t.same(await readStoredSecrets(dir), { MOVIE_MANAGER_API_KEY: a })
  t.same(readdirSync(dir), ['secrets.env'])
})

t.test('parsing refuses unknown variables and malformed values', async t => {
  t.throws(() => parseSecrets('INTERNAL_API_KEY=abcdefabcdefabcdef\n'), SecretsFileError, 'only the four backend keys')
  t.throws(() => parseSecrets('SERIES_MANAGER_API_KEY=short\n'), SecretsFileError)
  t.throws(() => parseSecrets('SERIES_MANAGER_API_KEY="quoted0123456789abc"\n'), SecretsFileError)
  t.throws(() => parseSecrets('garbage\n'), SecretsFileError)
  t.same(parseSecrets('# comment\n\nSERIES_MANAGER_API_KEY=0123456789abcdef0123\n'), { SERIES_MANAGER_API_KEY: '0123456789abcdef0123' })
})

t.test('reading refuses a symlink and reports a missing file as empty', async t => {
  const dir = stateDir(t)
  t.same(await readStoredSecrets(dir), {})
  const elsewhere = join(dir, 'elsewhere.env')
  writeFileSync(elsewhere, `SERIES_MANAGER_API_KEY=${newKey()}\n`)
  symlinkSync(elsewhere, secretsPath(dir))
  t.ok(lstatSync(secretsPath(dir)).isSymbolicLink())
  await t.rejects(readStoredSecrets(dir), SecretsFileError)
})

t.test('stored keys fill only unset or empty variables', async t => {
  const dir = stateDir(t)
  const stored = { SERIES_MANAGER_API_KEY: newKey(), MOVIE_MANAGER_API_KEY: newKey(), INDEXER_MANAGER_API_KEY: newKey() }
  await writeStoredSecrets(dir, stored)
  const explicit = newKey()
  const env = envWithStoredSecrets({ STATE_DIR: dir, SERIES_MANAGER_API_KEY: explicit, MOVIE_MANAGER_API_KEY: '', OTHER: 'x' })
  t.equal(env.SERIES_MANAGER_API_KEY, explicit, 'explicit value wins')
  t.equal(env.MOVIE_MANAGER_API_KEY, stored.MOVIE_MANAGER_API_KEY, 'empty variable filled')
  t.equal(env.INDEXER_MANAGER_API_KEY, stored.INDEXER_MANAGER_API_KEY, 'unset variable filled')
  t.equal(env.MEDIA_SERVER_API_KEY, undefined, 'nothing stored, nothing added')
  t.equal(env.OTHER, 'x')
  t.notOk(readFileSync(secretsPath(dir), 'utf8').includes(explicit))
})
