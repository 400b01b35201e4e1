// The verified outcome as tools publish it in structuredContent `verified` (effects.ts verifiedRecord).
import { Type } from '@sinclair/typebox'

export const VerifiedSchema = Type.Object({
  gone: Type.Array(Type.String(), { description: 'Paths now gone' }),
  stillThere: Type.Array(Type.Object({ path: Type.String(), files: Type.Integer(), bytes: Type.Number() }), { description: 'Paths still on disk' }),
  notDone: Type.Array(Type.String(), { description: 'Ids still held' }),
  unknown: Type.Array(Type.String(), { description: 'Ids not readable again' })
}, { description: 'What a look after the request found' })
