import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { episodeTag, parseEpisodeName, parseSeasonFolder } from '../../../lib/library/episode-name.js'
import { planEpisodeRenames } from '../../../lib/library/rename-plan.js'

t.test('episode markers in messy names', async t => {
  const cases: Array<[string, string | undefined, string | undefined]> = [
    ['Show.Name.S01E02.720p.WEB-DL.x264-GRP.mkv', 'S01E02', 'Show Name'],
    ['show_name_1x02.avi', 'S01E02', 'show name'],
    ['Show Name - s3e7 - Title.mp4', 'S03E07', 'Show Name'],
    ['[SubGroup] Show Name - 2x05 [1080p].mkv', 'S02E05', 'Show Name'],
    ['Show.S01E02E03.mkv', 'S01E02-E03', 'Show'],
    ['Show.S01E02-E03.mkv', 'S01E02-E03', 'Show'],
    ['Show Season 2 Episode 10.mkv', 'S02E10', 'Show'],
    ['S05E100.mkv', 'S05E100', undefined],
    ['Movie.2019.1080p.mkv', undefined, undefined],
    ['Show.720x480.mkv', undefined, undefined]
  ]
  for (const [name, tag, show] of cases) {
    const info = parseEpisodeName(name)
    t.equal(info && episodeTag(info), tag, `${name} → ${tag}`)
    t.equal(info?.show, show, `${name} show`)
  }
  t.equal(parseSeasonFolder('Season 1'), 1)
  t.equal(parseSeasonFolder('season.03'), 3)
  t.equal(parseSeasonFolder('Specials'), 0)
  t.equal(parseSeasonFolder('Extras'), undefined)
})

t.test('rename plan: standard names, sidecars, unmatched, collisions', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-plan-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const show = join(dir, 'The Show (2019)')
  const put = (rel: string) => { mkdirSync(join(show, rel, '..'), { recursive: true }); writeFileSync(join(show, rel), rel) }
  put('The.Show.2019.S01E01.1080p.mkv')
  put('The.Show.2019.S01E01.1080p.en.forced.srt')
  put('Release.Folder/the.show.s01e02.mkv')
  put('Season 02/E03.mkv')
  put('Season 01/The Show (2019) - S01E04.mkv')
  put('random-notes.txt')
  put('behind the scenes.mkv')
  put('sample-the.show.s01e01.mkv')
  const plan = await planEpisodeRenames(join(show, 'Season 01'))
  t.equal(plan.showDir, show, 'a season folder stands for its show')
  t.same(plan.renames.map(r => [r.from.slice(show.length + 1), r.to.slice(show.length + 1)]), [
    ['The.Show.2019.S01E01.1080p.en.forced.srt', 'Season 01/The Show (2019) - S01E01.en.forced.srt'],
    ['The.Show.2019.S01E01.1080p.mkv', 'Season 01/The Show (2019) - S01E01.mkv'],
    ['Release.Folder/the.show.s01e02.mkv', 'Season 01/The Show (2019) - S01E02.mkv'],
    ['Season 02/E03.mkv', 'Season 02/The Show (2019) - S02E03.mkv']
  ])
  t.equal(plan.unchanged.length, 1)
  t.same(plan.unmatched.map(p => p.slice(show.length + 1)), ['behind the scenes.mkv'])
  t.same(plan.collisions, [])

  put('Show.S01E02.REPACK.mkv')
  put('Season 01/the show (2019) - s01e01.mkv')
  const clash = await planEpisodeRenames(show)
  // The lower-case copy wants the same standard name as the original S01E01: two claimants.
  t.same(clash.collisions.map(c => [c.target.slice(show.length + 1), c.sources.length]).sort(), [
    ['Season 01/The Show (2019) - S01E01.mkv', 2],
    ['Season 01/The Show (2019) - S01E02.mkv', 2]
  ])
})
