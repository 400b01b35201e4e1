// The managers' command lifecycle: POST /command queues a command that starts one step later and runs
// its effect one step after that (queued → started → completed, or failed when the effect throws), and
// the CommandResource the API reports for it.
import { iso } from './seed.js'
import { timespan } from './responses.js'

export interface SimCommand {
  id: number
  name: string
  body: Record<string, unknown>
  status: 'queued' | 'started' | 'completed' | 'failed'
  queued: string
  started?: string
  ended?: string
  message?: string
}

export type CommandRunner = (cmd: SimCommand) => string | undefined

const COMMAND_LABELS: Record<string, string> = {
  ManualImport: 'Manual Import',
  RescanSeries: 'Rescan Series',
  RefreshSeries: 'Refresh Series',
  SeriesSearch: 'Series Search',
  EpisodeSearch: 'Episode Search',
  SeasonSearch: 'Season Search',
  RescanMovie: 'Rescan Movie',
  RefreshMovie: 'Refresh Movie',
  MoviesSearch: 'Movies Search',
  RssSync: 'RSS Sync',
  MissingEpisodeSearch: 'Missing Episode Search',
  MissingMoviesSearch: 'Missing Movies Search'
}

export function commandResource (c: SimCommand): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    commandName: COMMAND_LABELS[c.name] ?? c.name,
    ...(c.message ? { message: c.message } : {}),
    body: {
      sendUpdatesToClient: true,
      updateScheduledTask: false,
      completionMessage: 'Completed',
      requiresDiskAccess: c.name === 'ManualImport',
      isExclusive: false,
      isLongRunning: false,
      name: c.name,
      trigger: 'manual',
      suppressMessages: false
    },
    priority: 'normal',
    status: c.status,
    result: c.status === 'completed' ? 'successful' : c.status === 'failed' ? 'unsuccessful' : 'unknown',
    queued: c.queued,
    ...(c.started ? { started: c.started } : {}),
    ...(c.ended ? { ended: c.ended, duration: timespan((Date.parse(c.ended) - Date.parse(c.queued)) / 1000) } : {}),
    trigger: 'manual',
    stateChangeTime: c.ended ?? c.started ?? c.queued,
    sendUpdatesToClient: true,
    updateScheduledTask: false
  }
}

export interface CommandClock {
  now: () => number
  later: (ms: number, fn: () => void) => void
  stepMs: number
}

/** Runs commands into `commands` (the simulator state's map, so tests see them) with the runners registered by name. */
export function createCommandQueue (commands: Map<number, SimCommand>, clock: CommandClock) {
  const runners = new Map<string, CommandRunner>()
  let nextId = 1

  /** Queues a command; it starts one step later and runs its effect one step after that. */
  function start (name: string, body: Record<string, unknown>): SimCommand {
    const cmd: SimCommand = { id: nextId++, name, body, status: 'queued', queued: iso(clock.now()) }
    commands.set(cmd.id, cmd)
    clock.later(clock.stepMs, () => {
      cmd.status = 'started'
      cmd.started = iso(clock.now())
      clock.later(clock.stepMs, () => {
        try {
          cmd.message = runners.get(name)?.(cmd) ?? 'Completed'
          cmd.status = 'completed'
        } catch (err) {
          cmd.message = err instanceof Error ? err.message : 'Failed'
          cmd.status = 'failed'
        }
        cmd.ended = iso(clock.now())
      })
    })
    return cmd
  }

  /**
   * The registered command a request names: the real CommandController matches the type name without
   * "Command" case-insensitively (StringComparison.InvariantCultureIgnoreCase; Sonarr v4.0.19.2979
   * src/Sonarr.Api.V3/Commands/CommandController.cs, Radarr v6.0.3.10276 src/Radarr.Api.V3/Commands/CommandController.cs).
   */
  function lookup (name: string): string | undefined {
    const wanted = name.toLowerCase()
    return [...runners.keys()].find(k => k.toLowerCase() === wanted)
  }

  return {
    start,
    lookup,
    onCommand: (name: string, run: CommandRunner) => runners.set(name, run)
  }
}

export type CommandQueue = ReturnType<typeof createCommandQueue>
