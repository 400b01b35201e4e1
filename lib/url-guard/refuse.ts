import { GuardError } from '../../core/errors.js'

/** Throws the URL guard's refusal; the message says what was wrong and how to fix it. */
export function refuseUrl (message: string): never {
  throw new GuardError('url', message)
}
