// How heavy the published tool catalogue is, in bytes of compact JSON (UTF-8):
// - model-visible: what a client hands a model for each tool (name, title, description, inputSchema);
// - wire: the whole tools/list result (every published field, output schemas and annotations included).
// The targets are issue 13's: a lean catalogue costs every conversation less context.
import type { PublishedTool } from '../../core/tool-types.js'

export const CATALOGUE_TARGETS = { modelVisibleBytes: 36_000, wireBytes: 60_000 } as const

export interface ToolWeight {
  name: string
  modelVisible: number
  description: number
  inputSchema: number
  outputSchema: number
  wire: number
}

export interface CatalogueSize {
  modelVisible: number
  wire: number
  outputSchemas: number
  tools: ToolWeight[]
}

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8')

export function catalogueSize (tools: readonly PublishedTool[]): CatalogueSize {
  const weights = tools.map(tool => ({
    name: tool.name,
    modelVisible: bytes({ name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema }),
    description: Buffer.byteLength(tool.description, 'utf8'),
    inputSchema: bytes(tool.inputSchema),
    outputSchema: bytes(tool.outputSchema),
    wire: bytes(tool)
  }))
  return {
    modelVisible: weights.reduce((sum, w) => sum + w.modelVisible, 0),
    wire: bytes({ tools }),
    outputSchemas: weights.reduce((sum, w) => sum + w.outputSchema, 0),
    tools: weights
  }
}

/** One line per figure against its target, as the bench prints its checks. */
export function catalogueChecks (size: Pick<CatalogueSize, 'modelVisible' | 'wire'>): Array<{ name: string, value: string, ok: boolean }> {
  return [
    { name: `model-visible catalogue ≤ ${CATALOGUE_TARGETS.modelVisibleBytes} B`, value: `${size.modelVisible} B`, ok: size.modelVisible <= CATALOGUE_TARGETS.modelVisibleBytes },
    { name: `tools/list on the wire ≤ ${CATALOGUE_TARGETS.wireBytes} B`, value: `${size.wire} B`, ok: size.wire <= CATALOGUE_TARGETS.wireBytes }
  ]
}
