// Lexical rules for path and name inputs, checked before any file-system call.
// Everything here is pure string work, so a refused input never reaches `fs`.
import { GuardError } from '../../core/errors.js'

export const MAX_PATH_BYTES = 4096
export const MAX_NAME_BYTES = 255

// C0 controls, DEL and C1 controls. NUL is among them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const DRIVE_LETTER = /^[A-Za-z]:/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Shows a hostile input safely inside an error message: quoted, escaped, shortened. */
export function quote (input: string): string {
  const shown = input.length > 80 ? `${input.slice(0, 77)}...` : input
  return JSON.stringify(shown)
}

function refuse (message: string): never {
  throw new GuardError('path', message)
}

/** Checks the characters every path or name input must avoid. `what` names the input in the message. */
function checkCharacters (input: string, what: string) {
  if (input.includes('\0')) refuse(`The ${what} ${quote(input)} contains a NUL byte. Send the ${what} without it.`)
  if (CONTROL.test(input)) refuse(`The ${what} ${quote(input)} contains a control character (newline, tab, escape...). Send the ${what} without it.`)
  if (input.includes('\\')) refuse(`The ${what} ${quote(input)} contains a backslash. Use forward slashes (/) between folders; backslashes are not allowed in names.`)
  // Lone surrogates would reach the file system as U+FFFD: a different name than the one checked.
  if (LONE_SURROGATE.test(input)) refuse(`The ${what} ${quote(input)} is not valid Unicode. Send it as proper UTF-8 text.`)
  if (input !== input.normalize('NFC')) {
    refuse(`The ${what} ${quote(input)} is not in Unicode NFC form (composed accents). Send the composed form, e.g. "é" as one character.`)
  }
}

/**
 * Lexical check of a path input (relative to MEDIA_ROOT, `downloads/...`, or absolute).
 * Returns its segments with empty and `.` segments dropped. Refuses `..` outright instead of
 * normalizing it away, so there is never a question of what the caller meant.
 */
export function checkPathSyntax (input: unknown): string[] {
  if (typeof input !== 'string') refuse('A path must be a string.')
  if (input.length === 0) refuse('The path is empty. Give a path such as "movies/Heat (1995)" or "downloads/complete".')
  if (Buffer.byteLength(input) > MAX_PATH_BYTES) refuse(`The path is longer than ${MAX_PATH_BYTES} bytes.`)
  checkCharacters(input, 'path')
  if (DRIVE_LETTER.test(input)) refuse(`The path ${quote(input)} looks like a Windows drive path. Use a path relative to the media root, e.g. "movies/Heat (1995)".`)
  if (input.startsWith('~')) refuse(`The path ${quote(input)} starts with "~": home folders are not available. Use a path relative to the media root, e.g. "movies/Heat (1995)".`)
  const segments = input.split('/').filter(s => s !== '' && s !== '.')
  if (segments.includes('..')) {
    refuse(`The path ${quote(input)} contains "..": moving up a folder is not allowed. Give the full path from the media root (e.g. "movies/Heat (1995)") or from "downloads/".`)
  }
  for (const s of segments) {
    if (Buffer.byteLength(s) > MAX_NAME_BYTES) refuse(`A folder or file name in ${quote(input)} is longer than ${MAX_NAME_BYTES} bytes.`)
  }
  return segments
}

/** One safe path segment: a file name, folder name, show or package name. Throws GuardError otherwise. */
export function checkName (name: unknown): void {
  if (typeof name !== 'string') refuse('A name must be a string.')
  if (name.length === 0) refuse('The name is empty.')
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) refuse(`The name ${quote(name)} is longer than ${MAX_NAME_BYTES} bytes.`)
  checkCharacters(name, 'name')
  if (name.includes('/')) refuse(`The name ${quote(name)} contains "/": give a single name, not a path.`)
  if (name === '.' || name === '..') refuse(`${quote(name)} is not a usable name.`)
}
