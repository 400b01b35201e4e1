// Jellyfin scheduled tasks (GET /ScheduledTasks, POST /ScheduledTasks/Running/{taskId}), as functions over
// the Jellyfin client's authenticated call. cleanup_server uses them to start the media server's own
// cache and transcode cleanup instead of deleting files inside its data folders itself.
import type { HttpCall } from '../http.js'
import type { CallOptions, ScheduledTask } from '../media-server/types.js'

export type { ScheduledTask } from '../media-server/types.js'

/** What these calls need of the Jellyfin client: its authenticated call (and its PATH_MAP for paths). */
export interface JellyfinCalls { call: <T>(c: HttpCall, o?: CallOptions) => Promise<T>, ourPath: (serverPath: string) => string }

/**
 * Task keys (stable across versions and languages, unlike names) of the built-in tasks that clean the
 * media server's caches: "Clean Cache Directory" and "Clean Transcode Directory".
 */
export const CACHE_TASK_KEYS = ['DeleteCacheFiles', 'DeleteTranscodeFiles'] as const

interface RawTask {
  Id?: string | null
  Key?: string | null
  Name?: string | null
  State?: 'Idle' | 'Cancelling' | 'Running'
  Category?: string | null
  IsHidden?: boolean
  CurrentProgressPercentage?: number | null
  LastExecutionResult?: { Status?: string, EndTimeUtc?: string } | null
}

/** Every scheduled task the server knows (hidden ones included), trimmed. */
export async function scheduledTasks (client: JellyfinCalls, o?: CallOptions): Promise<ScheduledTask[]> {
  const raw = await client.call<RawTask[] | null>({ path: '/ScheduledTasks' }, o)
  return (raw ?? []).flatMap(t => (t.Id && t.Key
    ? [{
        id: t.Id,
        key: t.Key,
        name: t.Name ?? t.Key,
        state: t.State ?? 'Idle',
        ...(t.Category ? { category: t.Category } : {}),
        ...(t.LastExecutionResult?.Status ? { lastStatus: t.LastExecutionResult.Status } : {}),
        ...(t.LastExecutionResult?.EndTimeUtc ? { lastEnded: t.LastExecutionResult.EndTimeUtc } : {})
      }]
    : []))
}

/** Starts a task now (returns at once; the task runs on the server). A 404 (unknown id) throws a BackendError. */
export async function startTask (client: JellyfinCalls, taskId: string, o?: CallOptions): Promise<void> {
  await client.call({ method: 'POST', path: `/ScheduledTasks/Running/${encodeURIComponent(taskId)}`, as: 'none' }, o)
}
