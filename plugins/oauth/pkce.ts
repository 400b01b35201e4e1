// PKCE (RFC 7636), S256 only: `plain` is refused, and the verifier check is constant time.
import { createHash, timingSafeEqual } from 'node:crypto'

/** A code_challenge is base64url(sha256(verifier)): exactly 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/

export function isValidChallenge (challenge: string): boolean {
  return CHALLENGE.test(challenge)
}

export function isValidVerifier (verifier: string): boolean {
  return VERIFIER.test(verifier)
}

export function challengeFor (verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

export function verifierMatches (verifier: string, challenge: string): boolean {
  const expected = Buffer.from(challenge, 'ascii')
  const actual = Buffer.from(challengeFor(verifier), 'ascii')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
