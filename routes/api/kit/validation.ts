// Request validation for the /api/* route plugins with TypeBox's compiler: unlike Fastify's default
// (which silently strips unknown properties), an unknown field is refused, and the error names the field.
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { ValueErrorType } from '@sinclair/typebox/errors'

export const typeboxValidator: FastifySchemaCompiler<FastifySchema> = ({ schema }) => {
  const check = TypeCompiler.Compile(schema as TSchema)
  return (value: unknown) => {
    if (check.Check(value)) return { value }
    const first = check.Errors(value).First()
    const field = first?.path ? first.path.replace(/^\//, '').replace(/\//g, '.') : ''
    const message = first?.type === ValueErrorType.ObjectAdditionalProperties
      ? `unknown field ${field ? `"${field}"` : ''}`.trim()
      : `${field ? `${field}: ` : ''}${first?.message ?? 'invalid value'}`
    return { error: Object.assign(new Error(message), { statusCode: 400 }) }
  }
}
