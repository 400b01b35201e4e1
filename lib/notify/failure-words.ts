// What a failed connection means, in words a person reads in the audit trail ("refused the connection"), never a
// bare code such as "(23)" (a DOMException's number) or "ECONNRESET".
const WORDS: Record<string, string> = {
  ECONNREFUSED: 'the receiver refused the connection (nothing listens there)',
  ECONNRESET: 'the receiver closed the connection',
  EPIPE: 'the receiver closed the connection',
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name could not be looked up (DNS did not answer)',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'its host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'no connection within the time allowed',
  UND_ERR_HEADERS_TIMEOUT: 'no answer within the time allowed',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped midway',
  UND_ERR_SOCKET: 'the receiver closed the connection',
  TimeoutError: 'no answer within the time allowed',
  AbortError: 'stopped (the server was stopping)',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
  EPROTO: 'the TLS handshake failed (an https receiver spoken to as http, or the reverse)'
}

export function failureWords (err: unknown): string {
  const e = err as { code?: unknown, name?: unknown } | undefined
  const code = typeof e?.code === 'string' ? e.code : undefined
  const name = typeof e?.name === 'string' ? e.name : undefined
  return (code && WORDS[code]) ?? (name && WORDS[name]) ?? 'the connection failed'
}
