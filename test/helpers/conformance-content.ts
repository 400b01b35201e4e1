// The conformance suites' content and client-request fixture tools (both eras), served as raw protocol tools
// because the registry's ToolCallResult has text and structuredContent only: image, audio and embedded-resource
// blocks, and tools that ask the client for sampling or elicitation. Names, arguments and shapes are the suites'
// own (@modelcontextprotocol/conformance 0.1.16, scenarios tools-call-*, elicitation-sep1034-defaults,
// elicitation-sep1330-enums). Client requests are returned as input_required rounds: a 2026-07-28 client answers
// them itself, and on a 2025 session the SDK's legacy shim sends them as real requests and calls us again.
import { inputRequired, inputResponse, type CallToolResult, type InputRequest, type InputRequiredResult, type ServerContext, type Tool } from '@modelcontextprotocol/server'
import type { RawTool } from '../../plugins/mcp/features/installed.js'

/** A 1×1 PNG. */
export const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='

/** A valid 8 kHz mono 16-bit WAV of `samples` silent samples. */
export function silentWav (samples = 8): string {
  const data = samples * 2
  const wav = Buffer.alloc(44 + data)
  wav.write('RIFF', 0); wav.writeUInt32LE(36 + data, 4); wav.write('WAVE', 8)
  wav.write('fmt ', 12); wav.writeUInt32LE(16, 16); wav.writeUInt16LE(1, 20); wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(8000, 24); wav.writeUInt32LE(16000, 28); wav.writeUInt16LE(2, 32); wav.writeUInt16LE(16, 34)
  wav.write('data', 36); wav.writeUInt32LE(data, 40)
  return wav.toString('base64')
}

const NO_ARGS: Tool['inputSchema'] = { type: 'object', properties: {} }

/** A raw tool with a fixed description and the given arguments. */
export function rawTool (name: string, description: string, handler: RawTool['handler'], inputSchema: Tool['inputSchema'] = NO_ARGS): RawTool {
  return { definition: { name, description: `${description} (conformance fixture)`, inputSchema }, handler }
}

export const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] })
const elicit = (params: Record<string, unknown>): InputRequest => ({ method: 'elicitation/create', params } as InputRequest)

/** Asks for `request` under `key` until the client answers it, then returns `done(answer)`. */
function ask (ctx: ServerContext, key: string, request: InputRequest, done: (answer: ReturnType<typeof inputResponse>) => CallToolResult): CallToolResult | InputRequiredResult {
  const answer = inputResponse(ctx.mcpReq.inputResponses, key)
  return answer.kind === 'missing' ? inputRequired({ inputRequests: { [key]: request } }) : done(answer)
}

const describe = (answer: ReturnType<typeof inputResponse>): string =>
  answer.kind === 'elicit' ? `action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}` : JSON.stringify(answer)

const SEP1034_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'User name', default: 'John Doe' },
    age: { type: 'integer', description: 'User age', default: 30 },
    score: { type: 'number', description: 'User score', default: 95.5 },
    status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', description: 'Verification status', default: true }
  }
}

const SEP1330_SCHEMA = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      oneOf: [{ const: 'value1', title: 'First Option' }, { const: 'value2', title: 'Second Option' }, { const: 'value3', title: 'Third Option' }]
    },
    legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
    untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
    titledMulti: {
      type: 'array',
      items: { anyOf: [{ const: 'value1', title: 'First Choice' }, { const: 'value2', title: 'Second Choice' }, { const: 'value3', title: 'Third Choice' }] }
    }
  }
}

export const contentTools: RawTool[] = [
  rawTool('test_image_content', 'Returns a 1x1 PNG image block', async () => ({
    content: [{ type: 'image', data: PNG_1PX, mimeType: 'image/png' }]
  })),
  rawTool('test_audio_content', 'Returns a short silent WAV audio block', async () => ({
    content: [{ type: 'audio', data: silentWav(), mimeType: 'audio/wav' }]
  })),
  rawTool('test_embedded_resource', 'Returns an embedded text resource', async () => ({
    content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }]
  })),
  rawTool('test_multiple_content_types', 'Returns text, image and embedded resource blocks', async () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG_1PX, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } }
    ]
  })),
  rawTool('test_sampling', 'Asks the client to sample an LLM reply to the prompt', async (args, ctx) =>
    ask(ctx, 'reply', inputRequired.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: String(args.prompt ?? '') } }],
      maxTokens: 100
    }), answer => {
      const reply = answer.kind === 'sampling' && answer.result.content && !Array.isArray(answer.result.content) && answer.result.content.type === 'text'
        ? answer.result.content.text
        : JSON.stringify(answer)
      return text(`LLM response: ${reply}`)
    }),
  { type: 'object', properties: { prompt: { type: 'string', description: 'The prompt to send to the LLM' } }, required: ['prompt'] }),
  rawTool('test_elicitation', 'Asks the person for a username and email', async (args, ctx) =>
    ask(ctx, 'user', elicit({
      message: String(args.message ?? ''),
      requestedSchema: {
        type: 'object',
        properties: { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } },
        required: ['username', 'email']
      }
    }), answer => text(`User response: ${describe(answer)}`)),
  { type: 'object', properties: { message: { type: 'string', description: 'The message to show the user' } }, required: ['message'] }),
  rawTool('test_elicitation_sep1034_defaults', 'Elicits one field of each primitive type, each with a default', async (_args, ctx) =>
    ask(ctx, 'defaults', elicit({ message: 'Please review and update the form fields with defaults', requestedSchema: SEP1034_SCHEMA }),
      answer => text(`Elicitation completed: ${describe(answer)}`))),
  rawTool('test_elicitation_sep1330_enums', 'Elicits the five enum variants', async (_args, ctx) =>
    ask(ctx, 'enums', elicit({ message: 'Please select options from the enum fields', requestedSchema: SEP1330_SCHEMA }),
      answer => text(`Elicitation completed: ${describe(answer)}`)))
]
