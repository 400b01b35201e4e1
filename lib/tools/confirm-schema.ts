// The confirm-token gate's schema changes: the token argument a destructive tool takes, and the preview answer
// (`confirmation`) it may give instead of its result.
import { Type, type TObject } from '@sinclair/typebox'

export const CONFIRM_TOKEN_FIELD = 'confirmToken'

const ConfirmationSchema = Type.Object({
  confirmToken: Type.String({ description: 'Single-use token; call the tool again with the same arguments plus this token to execute' }),
  expiresAt: Type.String({ description: 'When the token expires (ISO 8601, 5 minutes after the preview)' }),
  summary: Type.String({ description: 'What would happen' }),
  targets: Type.Unknown({ description: 'The exact targets the confirmed call will touch' })
}, { description: 'Present when the call only previewed a destructive action' })

export function withConfirmToken (schema: TObject): TObject {
  return Type.Object({
    ...schema.properties,
    [CONFIRM_TOKEN_FIELD]: Type.Optional(Type.String({
      minLength: 16,
      maxLength: 128,
      description: 'Token of the preview; omit to preview'
    }))
  }, { additionalProperties: false, description: schema.description })
}

export function withConfirmation (schema: TObject): TObject {
  // The preview answer carries only `confirmation`, so the tool's own fields are optional in the published schema;
  // the handler's real output is still checked against the strict schema before it is sent.
  return Type.Object({ ...Type.Partial(schema).properties, confirmation: Type.Optional(ConfirmationSchema) },
    { description: schema.description })
}
