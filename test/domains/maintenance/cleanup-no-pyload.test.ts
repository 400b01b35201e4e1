// A stack without a direct-download manager (issue 34 #6): DOWNLOAD_MANAGER_URL left empty means there is none,
// which is not "down". Download leftovers are then judged against the downloaders the stack has, and an
// unreferenced 3-day-old folder is proposed; a pyLoad that is set but cannot be asked still holds them back.
import t from 'tap'
import { join } from 'node:path'
import { qbtMajors } from '../../helpers/qbt-swarm.js'
import { age, put, stack } from './cleanup-stack.js'
import { data, text } from '../../helpers/results.js'

const [{ skip }] = await qbtMajors()

t.test('no direct-download manager: an unreferenced old folder is a leftover', { skip }, async t => {
  const s = await stack(t, { torrents: 'real', config: { DOWNLOAD_MANAGER_URL: '', DOWNLOAD_MANAGER_API_KEY: '' } })
  put(s.roots.downloads, 'Old.Stray/file.mkv')
  age(join(s.roots.downloads, 'Old.Stray'))
  const preview = await s.call({ categories: ['downloadLeftovers'] })
  t.notOk(preview.isError, text(preview))
  t.same(data(preview).confirmation.targets.map((x: any) => x.name), ['downloads/Old.Stray'])
  t.same(data(preview).parts, [{ part: 'downloadLeftovers', state: 'checked', found: 1 }, { part: 'watched', state: 'skipped', why: 'it deletes watched media, so it runs only when asked for by name', enable: 'categories ["watched"]' }])
})

t.test('a direct-download manager that is set but has no key still holds leftovers back, naming what to set', { skip }, async t => {
  const s = await stack(t, { torrents: 'real', config: { DOWNLOAD_MANAGER_API_KEY: '' } })
  put(s.roots.downloads, 'Old.Stray/file.mkv')
  age(join(s.roots.downloads, 'Old.Stray'))
  const res = await s.call({ categories: ['downloadLeftovers'] })
  t.match(text(res), /Not checked: downloadLeftovers \(.*direct-download manager: .*set DOWNLOAD_MANAGER_API_KEY/)
})
