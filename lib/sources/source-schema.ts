// The output-schema form of a source that did not answer (lib/sources/sources.ts MissingSource), shared by the
// read tools that list them.
import { Type } from '@sinclair/typebox'

export const MissingSourceSchema = Type.Object({
  source: Type.String({ description: 'What did not answer, e.g. "Media server libraries" or "Series manager"' }),
  reason: Type.String({ description: 'Why, and what to check' })
}, { additionalProperties: false, description: 'A source that did not answer: nothing is said about what it holds' })
