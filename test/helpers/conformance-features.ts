// Everything the conformance suites need beyond the registry's fixture tools (test/helpers/conformance-tools.ts),
// installed into the test server only (scripts/test-server.ts passes it as plugins.mcp.extraFeatures): raw
// fixture tools for content blocks, client requests and multi-round-trip input, plus fixture resources, prompts
// and completions. The production app never loads this file (test/plugins/mcp/conformance-fixtures.test.ts pins that).
import type { McpFeature } from '../../plugins/mcp/features/installed.js'
import { contentTools, rawTool, text } from './conformance-content.js'
import { mrtrTools } from './conformance-mrtr.js'
import { installConformanceResources } from './conformance-resources.js'
import { taskWithInput } from './conformance-task-input.js'
import { sharedFeature } from '../../plugins/mcp/bridge/shared-catalogue.js'

// The 2026-07-28 suite's json-schema-2020-12 fixture: a raw JSON Schema 2020-12 document ($defs with an
// $anchor, allOf/anyOf, if/then/else) published verbatim, which a TypeBox registry tool cannot declare.
const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' }
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false
} as const

const schemaTool = rawTool('json_schema_2020_12_tool', 'Tool with JSON Schema 2020-12 features',
  async args => text(`Received: ${JSON.stringify(args)}`),
  JSON_SCHEMA_2020_12 as unknown as Parameters<typeof rawTool>[3])

// The 2026-07-28 suite's http-custom-header-server-validation fixture: a string argument mirrored in an
// Mcp-Param-Region header (SEP-2243), which the SDK checks against the body before the handler runs.
const headerTool = rawTool('test_custom_header', 'Echoes a region that also travels as the Mcp-Param-Region header',
  async args => text(`Region: ${String(args.region)}`),
  { type: 'object', properties: { region: { type: 'string', description: 'A region name', 'x-mcp-header': 'Region' } }, required: ['region'] })

export const conformanceFeatures: McpFeature[] = [
  ({ addTool }) => {
    for (const tool of [...contentTools, ...mrtrTools, schemaTool, headerTool]) addTool(tool)
  },
  sharedFeature(({ mcp }) => {
    // The fixture lists never change while the server runs, so it declares no list_changed notifications.
    mcp.server.registerCapabilities({ prompts: { listChanged: false }, resources: { listChanged: false } })
    installConformanceResources(mcp)
  }),
  taskWithInput
]
