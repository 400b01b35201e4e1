// Parameter checks for the task methods (Standard Schema, which the SDK's custom-method handlers take).
import type { StandardSchemaV1 } from '@modelcontextprotocol/server'

type Issue = { message: string, path?: PropertyKey[] }

function schema<T> (check: (value: Record<string, unknown>) => Issue | undefined): StandardSchemaV1<unknown, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'mediastack-mcp',
      validate: (value: unknown) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return { issues: [{ message: 'params must be an object' }] }
        const issue = check(value as Record<string, unknown>)
        return issue ? { issues: [issue] } : { value: value as T }
      }
    }
  }
}

const needsTaskId = (v: Record<string, unknown>): Issue | undefined =>
  typeof v.taskId === 'string' && v.taskId.length > 0 && v.taskId.length <= 200
    ? undefined
    : { message: 'taskId must be the task id a tools/call returned', path: ['taskId'] }

export const taskParams = schema<{ taskId: string }>(needsTaskId)

export const listParams = schema<{ cursor?: string }>(v =>
  v.cursor === undefined || typeof v.cursor === 'string' ? undefined : { message: 'cursor must be the nextCursor of the previous page', path: ['cursor'] })
