// The conformance suites' fixture resources, resource template, prompts and completion (scenarios resources-*,
// prompts-*, completion-complete, caching, input-required-result-non-tool-request of
// @modelcontextprotocol/conformance 0.1.16 and 0.2.0-alpha.12), registered through the SDK's McpServer, so the
// suites exercise its resource, prompt and completion handlers inside our transport.
import {
  ResourceTemplate, completable, fromJsonSchema, inputRequired, inputResponse,
  type GetPromptResult, type McpServer, type StandardSchemaWithJSON
} from '@modelcontextprotocol/server'
import { PNG_1PX } from './conformance-content.js'

const ARG1_SUGGESTIONS = ['paris', 'park', 'party', 'test-value', 'testing']

/** A string prompt argument's schema (JSON Schema through the SDK's converter; no zod here). */
const stringArg = (description: string) => fromJsonSchema<string>({ type: 'string', description })

/**
 * An object schema for prompt arguments whose fields the SDK's completion handler can find: it looks them up
 * by name on the schema's `shape` (the zod convention), so the converted JSON Schema gets one.
 */
function promptArgs (fields: Record<string, StandardSchemaWithJSON>, required: string[]): StandardSchemaWithJSON {
  const properties = Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })]))
  return Object.assign(fromJsonSchema({ type: 'object', properties, required }), { shape: fields })
}

const userText = (text: string): GetPromptResult['messages'][number] => ({ role: 'user', content: { type: 'text', text } })

export function installConformanceResources (mcp: McpServer): void {
  mcp.registerResource('static-text', 'test://static-text', { title: 'Static text', description: 'A fixed text resource', mimeType: 'text/plain' },
    async uri => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] }))
  mcp.registerResource('static-binary', 'test://static-binary', { title: 'Static binary', description: 'A fixed PNG resource', mimeType: 'image/png' },
    async uri => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG_1PX }] }))
  mcp.registerResource('watched-resource', 'test://watched-resource', { title: 'Watched', description: 'A resource to subscribe to', mimeType: 'text/plain' },
    async uri => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Watched resource content.' }] }))
  mcp.registerResource('template-data', new ResourceTemplate('test://template/{id}/data', {
    list: undefined,
    complete: { id: value => ['123', '456', '789'].filter(id => id.startsWith(value)) }
  }), { title: 'Template data', description: 'Data for one id', mimeType: 'application/json' },
  async (uri, { id }) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }) }] }))

  mcp.registerPrompt('test_simple_prompt', { title: 'Simple prompt', description: 'A prompt without arguments' },
    () => ({ messages: [userText('This is a simple prompt for testing.')] }))
  mcp.registerPrompt('test_prompt_with_arguments', {
    title: 'Prompt with arguments',
    description: 'A prompt with two required arguments (arg1 has completions)',
    argsSchema: promptArgs({
      arg1: completable(stringArg('First test argument'), value => ARG1_SUGGESTIONS.filter(s => s.startsWith(value))),
      arg2: stringArg('Second test argument')
    }, ['arg1', 'arg2'])
  }, args => {
    const { arg1, arg2 } = args as { arg1: string, arg2: string }
    return { messages: [userText(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)] }
  })
  mcp.registerPrompt('test_prompt_with_embedded_resource', {
    title: 'Prompt with embedded resource',
    description: 'A prompt that embeds the named resource',
    argsSchema: promptArgs({ resourceUri: stringArg('URI of the resource to embed') }, ['resourceUri'])
  }, args => {
    const { resourceUri } = args as { resourceUri: string }
    return {
      messages: [
        { role: 'user', content: { type: 'resource', resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
        userText('Please process the embedded resource above.')
      ]
    }
  })
  mcp.registerPrompt('test_prompt_with_image', { title: 'Prompt with image', description: 'A prompt with an image' },
    () => ({ messages: [{ role: 'user', content: { type: 'image', data: PNG_1PX, mimeType: 'image/png' } }, userText('Please analyze the image above.')] }))
  mcp.registerPrompt('test_input_required_result_prompt', { title: 'Prompt needing input', description: 'Asks the client for context before it answers' },
    (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_context')
      if (answer.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            user_context: inputRequired.elicit({
              message: 'What context should the prompt use?',
              requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] }
            })
          }
        })
      }
      const context = answer.kind === 'elicit' ? String(answer.content?.context ?? '') : ''
      return { messages: [userText(`Use this context: ${context}`)] }
    })
}
