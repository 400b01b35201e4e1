// library://{kind}/{title}: where one title stands across the stack, exactly what get_library_state returns
// for it (read through that tool). kind is series, movie or any; both variables complete: the kinds, and the
// library's titles from the minute-old title index (never a whole-library fetch per keystroke).
import { ResourceTemplate } from '@modelcontextprotocol/server'
import { completeFrom } from './completions.js'
import { JSON_MIME, jsonContents, readThroughTool } from './resource-context.js'
import { libraryTitles } from './title-index.js'
import { sharedFeature } from '../bridge/shared-catalogue.js'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'

export const TITLE_KINDS = ['series', 'movie', 'any'] as const
type Kind = typeof TITLE_KINDS[number]

export const titleUri = (kind: Kind, title: string) => `library://${kind}/${encodeURIComponent(title)}`

const isKind = (value: string | undefined): value is Kind => TITLE_KINDS.includes(value as Kind)

export const titleResources = sharedFeature(({ mcp, app }) => {
  mcp.registerResource('title', new ResourceTemplate('library://{kind}/{title}', {
    list: undefined,
    complete: {
      kind: typed => completeFrom(TITLE_KINDS, typed),
      title: async (typed, context) => {
        const kind = context?.arguments?.kind
        return completeFrom(await libraryTitles(app, isKind(kind) ? kind : 'any'), typed)
      }
    }
  }), {
    title: 'Title state',
    description: 'Where one title stands (kind series, movie or any; the title URL-encoded): media server, managers (monitored, queued), downloads and folders on disk, as get_library_state gives it.',
    mimeType: JSON_MIME
  }, async (uri, variables, ctx) => {
    const kind = String(variables.kind)
    let title: string
    try {
      title = decodeURIComponent(String(variables.title))
    } catch {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The title in ${uri.href} is not valid URL encoding. Encode it with encodeURIComponent, e.g. ${titleUri('series', 'Breaking Bad')}.`)
    }
    if (!isKind(kind)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown kind "${kind}" in ${uri.href}: use ${TITLE_KINDS.join(', ')}, e.g. ${titleUri('series', title)}.`)
    }
    return jsonContents(uri.href, await readThroughTool(app, ctx, 'get_library_state', { title, kind }))
  })
})
