// The config.xml key reader: real files read, hostile ones refused with a reason that names the file.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigXmlError, MAX_CONFIG_BYTES, apiKeyFromConfigXml, readServarrApiKey } from '../../../lib/setup/config-xml.js'
import { configXml, newKey } from '../../setup/stack.js'

function tree (t: { teardown: (fn: () => void) => void }) {
  const base = mkdtempSync(join(tmpdir(), 'msmcp-cfgxml-'))
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  const root = join(base, 'root')
  mkdirSync(join(root, 'sonarr'), { recursive: true })
  return { base, root, file: join(root, 'sonarr', 'config.xml') }
}

t.test('reads the key of a real-looking config.xml, with or without declaration and BOM', async t => {
  const { root, file } = tree(t)
  const key = newKey()
  writeFileSync(file, configXml(key))
  t.equal(await readServarrApiKey(root, 'sonarr'), key)
  writeFileSync(file, `\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n${configXml(key).replace(/\n/g, '\r\n')}`)
  t.equal(await readServarrApiKey(root, 'sonarr'), key, 'BOM, declaration and CRLF are fine')
  t.equal(apiKeyFromConfigXml(`<Config><UrlBase /><ApiKey> ${key} </ApiKey></Config>`), key, 'self-closing siblings, surrounding spaces')
})

t.test('refuses documents that are not a flat Servarr config', async t => {
  const key = newKey()
  const cases: Array<[string, string, RegExp]> = [
    ['missing tag', '<Config><Port>8989</Port></Config>', /no <ApiKey>/],
    ['two keys', `<Config><ApiKey>${key}</ApiKey><ApiKey>${newKey()}</ApiKey></Config>`, /more than one/],
    ['empty key', '<Config><ApiKey></ApiKey></Config>', /letters and digits/],
    ['key with markup chars', '<Config><ApiKey>abc&amp;def0123456789012</ApiKey></Config>', /letters and digits/],
    ['key with a newline (env injection)', `<Config><ApiKey>${key}\nINTERNAL_API_KEY=x</ApiKey></Config>`, /letters and digits/],
    ['nested', `<Config><Auth><ApiKey>${key}</ApiKey></Auth></Config>`, /structure/],
    ['attributes', `<Config><ApiKey a="1">${key}</ApiKey></Config>`, /structure/],
    ['DTD with entity', '<?xml version="1.0"?><!DOCTYPE Config [<!ENTITY k SYSTEM "file:///etc/passwd">]><Config><ApiKey>&k;</ApiKey></Config>', /not a <Config>/],
    ['comment', `<Config><!-- <ApiKey>${key}</ApiKey> --><ApiKey>${key}</ApiKey></Config>`, /structure/],
    ['wrong root', `<Settings><ApiKey>${key}</ApiKey></Settings>`, /not a <Config>/],
    ['trailing garbage', `<Config><ApiKey>${key}</ApiKey></Config><Config></Config>`, /structure|not a <Config>/],
    ['NUL byte', `<Config><ApiKey>${key}</ApiKey>\u0000</Config>`, /control/],
    ['escape sequence', `<Config><ApiKey>${key}</ApiKey>\u001b[2J</Config>`, /control/]
  ]
  for (const [name, text, why] of cases) {
    t.throws(() => apiKeyFromConfigXml(text), { name: 'ConfigXmlError', message: why }, name)
  }
})

t.test('refuses hostile files on disk', async t => {
  const { base, root, file } = tree(t)
  const refuse = async (why: RegExp, name: string) => t.rejects(readServarrApiKey(root, 'sonarr'), { name: 'ConfigXmlError', message: why }, name)

  await refuse(/sonarr\/config\.xml was not found/, 'missing file')

  writeFileSync(file, Buffer.concat([Buffer.from('<Config><ApiKey>'), Buffer.from([0xc3, 0x28]), Buffer.from('</ApiKey></Config>')]))
  await refuse(/not valid UTF-8/, 'invalid UTF-8')

  writeFileSync(file, `<Config><ApiKey>${newKey()}</ApiKey>${' '.repeat(MAX_CONFIG_BYTES)}</Config>`)
  await refuse(/larger than 64 KiB/, 'huge file')

  rmSync(file)
  const outside = join(base, 'outside.xml')
  writeFileSync(outside, configXml(newKey()))
  symlinkSync(outside, file)
  await refuse(/symlink/, 'config.xml is a symlink')

  rmSync(join(root, 'sonarr'), { recursive: true })
  mkdirSync(join(base, 'elsewhere'))
  writeFileSync(join(base, 'elsewhere', 'config.xml'), configXml(newKey()))
  symlinkSync(join(base, 'elsewhere'), join(root, 'sonarr'))
  await refuse(/outside the config root/, 'service folder symlinked out of the root')

  rmSync(join(root, 'sonarr'))
  mkdirSync(join(root, 'sonarr', 'config.xml'), { recursive: true })
  await refuse(/not a regular file/, 'a directory named config.xml')

  rmSync(join(root, 'sonarr'), { recursive: true })
  mkdirSync(join(root, 'sonarr'))
  execFileSync('mkfifo', [file])
  await refuse(/not a regular file/, 'a FIFO is refused without blocking')
})

t.test('a symlinked service folder inside the root is followed', async t => {
  const { root } = tree(t)
  const key = newKey()
  mkdirSync(join(root, 'real-radarr'))
  writeFileSync(join(root, 'real-radarr', 'config.xml'), configXml(key))
  symlinkSync(join(root, 'real-radarr'), join(root, 'radarr'))
  t.equal(await readServarrApiKey(root, 'radarr'), key)
})

t.test('errors are ConfigXmlError and never contain the key', async t => {
  const key = newKey()
  try {
    apiKeyFromConfigXml(`<Config><ApiKey>${key}</ApiKey><ApiKey>${key}</ApiKey></Config>`)
    t.fail('should throw')
  } catch (err) {
    t.ok(err instanceof ConfigXmlError)
    t.notMatch((err as Error).message, key)
  }
})
