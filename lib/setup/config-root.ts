// Which folder setup reads config.xml files from. The operator configures one root (SETUP_CONFIG_ROOT,
// /stack-config in the compose stack, mounted read-only). A request may name that root or a folder inside
// it, never anything else: a browser must not be able to point the server at an arbitrary path.
// The command line, run by the operator on the host, may pass any folder (--config-root).
import { realpath } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { isInside } from './config-xml.js'
import { SetupInputError } from './run.js'

export const DEFAULT_CONFIG_ROOT = '/stack-config'

/** The configured root, or `requested` when it resolves inside it; SetupInputError otherwise. */
export async function resolveRequestedRoot (configured: string, requested?: string): Promise<string> {
  if (requested === undefined || requested === '' || requested === configured) return configured
  const refuse = () => new SetupInputError(`configRoot must be the configured config root (${configured}) or a folder inside it. To read another folder, run "npm run setup -- --config-root <dir>" on the server.`)
  if (!isAbsolute(requested) || requested.includes('\0')) throw refuse()
  let rootReal: string
  let wantedReal: string
  try {
    rootReal = await realpath(configured)
    wantedReal = await realpath(requested)
  } catch {
    throw refuse()
  }
  if (!isInside(rootReal, wantedReal)) throw refuse()
  return wantedReal
}
