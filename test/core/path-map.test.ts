import t from 'tap'
import { createPathMap, pathMapFor, PathMapError } from '../../core/path-map.js'
import { buildConfig } from '../../config.js'

t.test('translates both ways on whole segments', async t => {
  const map = createPathMap('/tv=/data/tv, /movies=/data/movies')
  t.equal(map.toOurs('/tv/Show/Season 01/x.mkv'), '/data/tv/Show/Season 01/x.mkv')
  t.equal(map.toBackend('/data/movies/Film (2001)/f.mkv'), '/movies/Film (2001)/f.mkv')
  t.equal(map.toOurs('/tv'), '/data/tv', 'the prefix itself')
  t.equal(map.toOurs('/tv/'), '/data/tv', 'trailing slash')
  t.equal(map.toOurs('/tvshows/x'), '/tvshows/x', 'no partial segment match')
  t.equal(map.toBackend('/data/tv2/x'), '/data/tv2/x', 'no partial segment match on our side')
  t.equal(map.toOurs('/music/a'), '/music/a', 'unmapped paths pass through')
  t.equal(map.toOurs('relative/x'), 'relative/x', 'relative paths are left alone')
})

t.test('the longest prefix wins regardless of order', async t => {
  const map = createPathMap('/media=/data,/media/anime=/srv/anime')
  t.equal(map.toOurs('/media/anime/A/ep.mkv'), '/srv/anime/A/ep.mkv')
  t.equal(map.toOurs('/media/tv/B'), '/data/tv/B')
  t.equal(map.toBackend('/srv/anime/A'), '/media/anime/A')
  t.equal(map.toBackend('/data/movies'), '/media/movies')
})

t.test('round trips and normalization', async t => {
  const map = createPathMap('/tv=/data/tv')
  for (const p of ['/data/tv/a/b.mkv', '/data/tv', '/other/x']) t.equal(map.toOurs(map.toBackend(p)), p)
  t.equal(map.toOurs('/tv//a/./b'), '/data/tv/a/b')
  t.equal(map.toOurs('/tv/../etc/passwd'), '/etc/passwd', '".." is resolved before matching, so it cannot ride a prefix')
})

t.test('empty setting is the identity', async t => {
  const map = createPathMap('')
  t.same(map.mappings, [])
  t.equal(map.toBackend('/data/tv/x'), '/data/tv/x')
})

t.test('a root mapping', async t => {
  const map = createPathMap('/=/data')
  t.equal(map.toOurs('/tv/x'), '/data/tv/x')
  t.equal(map.toBackend('/data/tv/x'), '/tv/x')
  t.equal(map.toBackend('/data'), '/')
})

t.test('bad settings say what is wrong', async t => {
  t.throws(() => createPathMap('/tv'), PathMapError)
  t.throws(() => createPathMap('tv=/data/tv'), /absolute/)
  t.throws(() => createPathMap('/tv=/a,/tv/=/b'), /twice/)
  t.throws(() => createPathMap('=/data'), /PATH_MAP entry/)
})

t.test('pathMapFor: one parse per configuration, shared by every client', async t => {
  const config = buildConfig({ PATH_MAP: '/tv=/data/tv' })
  const map = pathMapFor(config)
  t.equal(pathMapFor(config), map, 'config loading parsed it; later readers get the same translator')
  t.equal(map.toOurs('/tv/x'), '/data/tv/x')
  const changed = { ...config, PATH_MAP: '/shows=/data/tv' }
  t.equal(pathMapFor(changed).toOurs('/shows/x'), '/data/tv/x', 'another configuration gets its own')
  t.throws(() => pathMapFor({ PATH_MAP: 'broken' }), PathMapError)
})
