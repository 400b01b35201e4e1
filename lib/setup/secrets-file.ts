// The keys setup finds are kept in STATE_DIR/secrets.env (KEY=value lines, mode 0600), written atomically
// (temp file + fsync + rename + directory fsync). The server reads the file at startup as defaults under
// the explicit environment (envWithStoredSecrets), so setup answers "restart to apply". Values are
// restricted to letters and digits, so a stored value can never inject another line or variable.
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, mkdir, open, readFile, rename, unlink } from 'node:fs/promises'
import { readFileSync, lstatSync } from 'node:fs'
import { join } from 'node:path'
import { codeOf, fsyncDir } from '../fs/durable.js'
import { API_KEY_PATTERN } from './config-xml.js'

export const SECRETS_FILE = 'secrets.env'

/** The only variables the file may hold. */
export const STORED_KEYS = ['MEDIA_SERVER_API_KEY', 'SERIES_MANAGER_API_KEY', 'MOVIE_MANAGER_API_KEY', 'INDEXER_MANAGER_API_KEY'] as const
export type StoredKey = typeof STORED_KEYS[number]
export type StoredSecrets = Partial<Record<StoredKey, string>>

const MAX_FILE_BYTES = 16 * 1024

export class SecretsFileError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'SecretsFileError'
  }
}

export function secretsPath (stateDir: string): string {
  return join(stateDir, SECRETS_FILE)
}

/** Parses the file text; unknown variables and malformed lines are refused (the file is ours alone). */
export function parseSecrets (text: string): StoredSecrets {
  const out: StoredSecrets = {}
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    const key = line.slice(0, eq)
    const value = line.slice(eq + 1)
    if (eq <= 0 || !(STORED_KEYS as readonly string[]).includes(key)) throw new SecretsFileError(`${SECRETS_FILE} line ${i + 1}: not one of ${STORED_KEYS.join(', ')}`)
    if (!API_KEY_PATTERN.test(value)) throw new SecretsFileError(`${SECRETS_FILE} line ${i + 1}: ${key} is not 16-128 letters and digits`)
    out[key as StoredKey] = value
  }
  return out
}

export function formatSecrets (secrets: StoredSecrets): string {
  const lines = ['# Written by mediastack-mcp setup. Read at startup; explicit environment variables take precedence.']
  for (const key of STORED_KEYS) {
    const value = secrets[key]
    if (value === undefined || value === '') continue
    if (!API_KEY_PATTERN.test(value)) throw new SecretsFileError(`${key}: refusing to store a value that is not 16-128 letters and digits`)
    lines.push(`${key}=${value}`)
  }
  return lines.join('\n') + '\n'
}

/** The stored keys ({} when the file does not exist). Refuses a symlink or a non-regular file. */
export async function readStoredSecrets (stateDir: string): Promise<StoredSecrets> {
  const file = secretsPath(stateDir)
  try {
    const st = await lstat(file)
    if (!st.isFile()) throw new SecretsFileError(`${file} is not a regular file`)
    if (st.size > MAX_FILE_BYTES) throw new SecretsFileError(`${file} is too large`)
    return parseSecrets(await readFile(file, 'utf8'))
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return {}
    throw err
  }
}

/** Synchronous form for startup (server.ts), before anything else runs. */
export function readStoredSecretsSync (stateDir: string): StoredSecrets {
  const file = secretsPath(stateDir)
  try {
    const st = lstatSync(file)
    if (!st.isFile() || st.size > MAX_FILE_BYTES) throw new SecretsFileError(`${file} is not a small regular file`)
    return parseSecrets(readFileSync(file, 'utf8'))
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return {}
    throw err
  }
}

/** Replaces the file atomically with `secrets` (mode 0600; the state dir is created 0700 when missing). */
export async function writeStoredSecrets (stateDir: string, secrets: StoredSecrets): Promise<void> {
  const text = formatSecrets(secrets)
  await mkdir(stateDir, { recursive: true, mode: 0o700 })
  const tmp = join(stateDir, `.${SECRETS_FILE}.${randomBytes(6).toString('hex')}.tmp`)
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  try {
    try {
      await fh.chmod(0o600) // the umask cannot widen it, but make it exact
      await fh.writeFile(text, 'utf8')
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(tmp, secretsPath(stateDir))
  } catch (err) {
    await unlink(tmp).catch(() => {})
    throw err
  }
  await fsyncDir(stateDir)
}

/**
 * The environment with stored keys filled in where the variable is unset or empty: explicit values win.
 * For server.ts: `loadConfig(envWithStoredSecrets(process.env))`.
 */
export function envWithStoredSecrets (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const stored = readStoredSecretsSync(env.STATE_DIR?.trim() || './.state')
  const out: NodeJS.ProcessEnv = { ...env }
  for (const key of STORED_KEYS) {
    const explicit = env[key]?.trim()
    if ((explicit === undefined || explicit === '') && stored[key]) out[key] = stored[key]
  }
  return out
}
