// The SABnzbd simulator's jobs and how they move: the queue downloads one job at a time in order (the first that
// is not paused), then post-processing walks the stages Verifying → Repairing (when planned) → Extracting →
// Completed, or ends Failed with SABnzbd's own fail_message. Time only moves when a test calls advance(ms).
// Behaviour from sabnzbd/sabnzbd @ 5.0.1 (simulators/fidelity/sabnzbd.ts has the citations).
import { randomBytes } from 'node:crypto'

/**
 * How a job ends: the fail_message texts SABnzbd writes (sabnzbd/nzb/object.py 817, newsunpack.py 1000, 1080, 1317;
 * postproc.py 403-411).
 */
export const OUTCOMES = {
  complete: '',
  'missing articles': 'Aborted, cannot be completed - https://sabnzbd.org/not-complete',
  'not on server': 'Download failed - Not on your server(s) - https://sabnzbd.org/not-complete',
  'too few articles': 'Download might fail, only 40.1 of required 100.2 available - https://sabnzbd.org/not-complete',
  'repair failed': 'Repairing failed, Not enough repair blocks (1 short)',
  'repair disk full': 'Repairing failed, Disk full',
  'unpack failed': 'Unpacking failed, CRC error'
} as const
export type Outcome = keyof typeof OUTCOMES

export interface SabJob {
  nzo_id: string
  name: string
  cat: string
  bytes: number
  done: number
  /** Queue words (Queued, Paused) while waiting; post-processing words after the download; Completed or Failed. */
  status: string
  outcome: Outcome
  /** Planned: the job needs par2 repair (it walks through Repairing). */
  repair: boolean
  fail_message: string
  /** ms spent in the current post-processing stage. */
  stageMs: number
  path: string
  /**
   * Held in the queue under this word until release(): the propagation delay (Propagating), the pre-check of
   * article availability (Checking), the NZB still fetched from its URL (Grabbing) (sabnzbd/constants.py Status
   * 160-177; build_queue api.py 1655-1665).
   */
  heldAs?: HeldWord
  /** Walks QuickCheck instead of Verifying, and Moving then Running after Extracting (postproc.py process_job). */
  longPostProcessing: boolean
}

export type HeldWord = 'Propagating' | 'Checking' | 'Grabbing'

const PP = ['QuickCheck', 'Verifying', 'Repairing', 'Extracting', 'Moving', 'Running'] as const
const STAGE_MS = 1_000

export function createSabState (o: { completeDir: string, bytesPerSecond?: number }) {
  const jobs: SabJob[] = []
  const rate = o.bytesPerSecond ?? 1024 * 1024
  const state = {
    jobs,
    paused: false,
    rate,
    add (name: string, bytes: number, opts: { cat?: string, outcome?: Outcome, repair?: boolean, heldAs?: HeldWord, longPostProcessing?: boolean } = {}): SabJob {
      // Ids as SABnzbd makes them: "SABnzbd_nzo_" and a random tail (sabnzbd/filesystem.py get_new_id).
      const job: SabJob = { nzo_id: `SABnzbd_nzo_${randomBytes(6).toString('base64url').toLowerCase()}`, name, cat: opts.cat ?? '*', bytes, done: 0, status: 'Queued', outcome: opts.outcome ?? 'complete', repair: opts.repair ?? false, fail_message: '', stageMs: 0, path: '', heldAs: opts.heldAs, longPostProcessing: opts.longPostProcessing ?? false }
      jobs.push(job)
      return job
    },
    find: (id: string) => jobs.find(j => j.nzo_id === id),
    queued: () => jobs.filter(j => j.status === 'Queued' || j.status === 'Paused' || j.status === 'Downloading'),
    postProcessing: () => jobs.filter(j => (PP as readonly string[]).includes(j.status)),
    finished: () => jobs.filter(j => j.status === 'Completed' || j.status === 'Failed'),
    /** The job downloading now: the first queued one not paused, while the downloader runs. */
    active: () => state.paused ? undefined : jobs.find(j => !j.heldAs && (j.status === 'Queued' || j.status === 'Downloading')),
    /** Ends a hold (the delay passed, the pre-check or the grab is done): the job downloads in its turn. */
    release (id: string) { const job = state.find(id); if (job) delete job.heldAs },
    remove (id: string) {
      const i = jobs.findIndex(j => j.nzo_id === id)
      if (i >= 0) jobs.splice(i, 1)
      return i >= 0
    },
    advance (ms: number) {
      for (let left = ms; left > 0;) {
        const step = Math.min(left, 100)
        left -= step
        const job = state.active()
        if (job) {
          job.status = 'Downloading'
          job.done = Math.min(job.bytes, job.done + rate * step / 1000)
          // Too many missing articles stop the download half way (nzb/object.py 817: "Aborted, cannot be completed").
          if (job.outcome === 'missing articles' && job.done >= job.bytes / 2) fail(job)
          else if (job.done >= job.bytes) { job.status = job.longPostProcessing ? 'QuickCheck' : 'Verifying'; job.stageMs = 0 }
        }
        for (const pp of state.postProcessing()) stage(pp, step)
      }
    }
  }
  function fail (job: SabJob) {
    job.status = 'Failed'
    job.fail_message = OUTCOMES[job.outcome]
    job.path = `${o.completeDir}/_FAILED_${job.name}`
  }
  function stage (job: SabJob, ms: number) {
    job.stageMs += ms
    if (job.stageMs < STAGE_MS) return
    job.stageMs = 0
    const repairFails = job.outcome === 'repair failed' || job.outcome === 'repair disk full'
    if (job.status === 'Moving') { job.status = 'Running'; return }
    if (job.status === 'Running') { complete(job); return }
    if (job.status === 'Verifying' || job.status === 'QuickCheck') {
      // A job with nothing fetched fails as post-processing starts, before par2 (postproc.py 403-411).
      if (job.outcome === 'not on server' || job.outcome === 'too few articles') fail(job)
      else if (job.repair) job.status = 'Repairing'
      else if (repairFails) fail(job)
      else job.status = 'Extracting'
    } else if (job.status === 'Repairing') {
      if (repairFails) fail(job)
      else job.status = 'Extracting'
    } else if (job.outcome === 'unpack failed') fail(job)
    else if (job.longPostProcessing) job.status = 'Moving'
    else complete(job)
  }
  function complete (job: SabJob) {
    job.status = 'Completed'
    job.path = `${o.completeDir}/${job.cat === '*' ? '' : `${job.cat}/`}${job.name}`
  }
  return state
}

export type SabState = ReturnType<typeof createSabState>
