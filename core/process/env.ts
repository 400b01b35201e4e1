// A minimal environment for child programs: the server's own environment holds every backend key, and a
// downloader or transcoder has no business seeing them. Only locale, PATH, time zone, temp folder and TLS
// trust settings pass through, plus the variables a caller adds. runProcess and startDaemon always build the
// child's environment here; the few direct spawn sites pass childEnv() themselves (a static test checks both).
// Proxy variables do not pass: the downloaders get the URL guard's forward proxy explicitly (lib/url-guard),
// and an inherited no_proxy or http_proxy must not route around it.
const PASS_THROUGH = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR', 'SSL_CERT_FILE', 'SSL_CERT_DIR']

export function childEnv (extra: Record<string, string | undefined> = {}, source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const key of PASS_THROUGH) if (source[key] !== undefined) env[key] = source[key]
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value
  return env
}
