// Extra instances in the configuration: parsed into config.instances, every mistake refused at start with
// the variable to fix.
import t from 'tap'
import { ConfigError, buildConfig, loadConfig } from '../../config.js'

const refusal = (input: Record<string, unknown>, fromEnv = true) => {
  try {
    buildConfig(input, { fromEnv })
  } catch (err) {
    if (err instanceof ConfigError) return err.message
    throw err
  }
  return 'accepted'
}

t.test('no extra instances: nothing changes', async t => {
  t.same(buildConfig({}).instances, { series: [], movies: [], torrents: [], usenet: [] })
})

t.test('named instances with their own variables', async t => {
  const c = loadConfig({
    SERIES_MANAGER_INSTANCES: 'anime',
    SERIES_MANAGER_ANIME_URL: 'http://sonarr-anime:8989',
    SERIES_MANAGER_ANIME_API_KEY: 'k1',
    MOVIE_MANAGER_INSTANCES: 'uhd, kids',
    MOVIE_MANAGER_UHD_URL: 'http://radarr-4k:7878',
    MOVIE_MANAGER_KIDS_URL: 'http://radarr-kids:7878',
    TORRENT_CLIENT_INSTANCES: 'seedbox',
    TORRENT_CLIENT_SEEDBOX_URL: 'https://seedbox.example:8080',
    TORRENT_CLIENT_SEEDBOX_PASSWORD: 'pw'
  })
  t.same(c.instances!.series, [{ name: 'anime', url: 'http://sonarr-anime:8989', settings: { API_KEY: 'k1' } }])
  t.same(c.instances!.movies.map(i => i.name), ['uhd', 'kids'])
  t.same(c.instances!.torrents, [{ name: 'seedbox', url: 'https://seedbox.example:8080', settings: { USERNAME: '', PASSWORD: 'pw', TYPE: '' } }])
})

t.test('the torrent client type: qbittorrent by default, each instance its own, every mistake refused naming the variable', async t => {
  t.equal(buildConfig({}).TORRENT_CLIENT_TYPE, 'qbittorrent')
  t.equal(loadConfig({ TORRENT_CLIENT_TYPE: 'transmission' }).TORRENT_CLIENT_TYPE, 'transmission')
  t.match(refusal({ TORRENT_CLIENT_TYPE: 'utorrent' }), /TORRENT_CLIENT_TYPE: "utorrent" must be one of: qbittorrent, transmission, deluge/)
  t.equal(loadConfig({ TORRENT_CLIENT_TYPE: 'deluge' }).TORRENT_CLIENT_TYPE, 'deluge')
  const seedbox = { TORRENT_CLIENT_INSTANCES: 'seedbox', TORRENT_CLIENT_SEEDBOX_URL: 'http://tr:9091' }
  t.equal(loadConfig({ ...seedbox, TORRENT_CLIENT_SEEDBOX_TYPE: 'transmission' }).instances!.torrents[0]!.settings.TYPE, 'transmission')
  t.match(refusal({ ...seedbox, TORRENT_CLIENT_SEEDBOX_TYPE: 'Transmission ' }), /TORRENT_CLIENT_SEEDBOX_TYPE: "Transmission" must be one of: qbittorrent, transmission, deluge \(or unset for the default instance's\)/)
  t.equal(loadConfig({ ...seedbox, TORRENT_CLIENT_SEEDBOX_TYPE: 'deluge' }).instances!.torrents[0]!.settings.TYPE, 'deluge')
  t.match(refusal({ TORRENT_CLIENT_OTHER_TYPE: 'transmission' }), /TORRENT_CLIENT_OTHER_TYPE: set, but "other" is not listed in TORRENT_CLIENT_INSTANCES/)
})

t.test('mistakes are refused with the variable to fix', async t => {
  t.match(refusal({ SERIES_MANAGER_INSTANCES: 'anime' }), /SERIES_MANAGER_ANIME_URL: missing; SERIES_MANAGER_INSTANCES names the instance "anime"/)
  t.match(refusal({ MOVIE_MANAGER_INSTANCES: '4K' }), /MOVIE_MANAGER_INSTANCES: "4K" is not a valid instance name/)
  t.match(refusal({ MOVIE_MANAGER_INSTANCES: 'uhd,uhd', MOVIE_MANAGER_UHD_URL: 'http://r:1' }), /"uhd" is listed twice/)
  t.match(refusal({ TORRENT_CLIENT_INSTANCES: 'default' }), /"default" is the instance configured by TORRENT_CLIENT_URL/)
  t.match(refusal({ SERIES_MANAGER_KIDS_URL: 'http://s:1' }), /SERIES_MANAGER_KIDS_URL: set, but "kids" is not listed in SERIES_MANAGER_INSTANCES/)
  t.match(refusal({ SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: 'ftp://x' }), /SERIES_MANAGER_ANIME_URL: "ftp:\/\/x" must be an http/)
  t.match(refusal({ MOVIE_MANAGER_INSTANCES: 'uhd', MOVIE_MANAGER_UHD_URL: 'radarr-4k:7878' }), /MOVIE_MANAGER_UHD_URL: "radarr-4k:7878" must be an http/)
  t.match(refusal({ SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: 'http://s:1' }, false), 'accepted', 'tests may pass instance variables too')
  t.match(refusal({ SERIES_MANAGER_ANIME_PASSWORD: 'x' }, false), /SERIES_MANAGER_ANIME_PASSWORD: unknown setting/, 'a setting the kind does not have stays unknown')
})

t.test('a placeholder copied from an example is refused as a key, naming the variable', async t => {
  const anime = { SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: 'http://sonarr-anime:8989' }
  for (const placeholder of ['...', '<api key>', 'your-api-key', 'xxxx', 'CHANGEME']) {
    t.match(refusal({ ...anime, SERIES_MANAGER_ANIME_API_KEY: placeholder }), /SERIES_MANAGER_ANIME_API_KEY: ".*" is a placeholder, not a key/, placeholder)
  }
  t.match(refusal({ MOVIE_MANAGER_API_KEY: '...' }), /MOVIE_MANAGER_API_KEY: "\.\.\." is a placeholder/)
  t.equal(refusal({ ...anime, SERIES_MANAGER_ANIME_API_KEY: '0123456789abcdef0123456789abcdef' }), 'accepted', 'a real key is taken')
  t.equal(refusal({ ...anime, SERIES_MANAGER_ANIME_API_KEY: 'k1' }), 'accepted')
})

t.test('a built config given back to buildConfig keeps its instances (and an empty one stays empty)', async t => {
  const built = loadConfig({ SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: 'http://sonarr-anime:8989', SERIES_MANAGER_ANIME_API_KEY: 'k1' })
  const again = buildConfig({ ...built, PORT: 0 })
  t.same(again.instances, built.instances)
  t.same(buildConfig({ ...buildConfig({}), PORT: 0 }).instances, { series: [], movies: [], torrents: [], usenet: [] })
})
