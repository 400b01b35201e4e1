// Constant-time secret comparison and token hashing.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto'

// crypto.hash, the one-shot form: a Hash object per digest cost more than the rest of the bearer check.
export function sha256 (value: string): Buffer {
  return hash('sha256', value, 'buffer')
}

export function sha256hex (value: string): string {
  return hash('sha256', value, 'hex')
}

/** Compares two secrets in constant time, whatever their lengths (both sides are hashed first). */
export function safeEqual (a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b))
}

/** safeEqual against one fixed secret, its hash computed once (the bearer check runs on every request). */
export function secretMatcher (secret: string): (candidate: string) => boolean {
  const hash = sha256(secret)
  return candidate => timingSafeEqual(sha256(candidate), hash)
}

/** A random token with `bytes` bytes of entropy (default 256 bits), base64url. */
export function randomToken (bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}
