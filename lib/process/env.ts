// A minimal environment for child programs: the server's own environment holds every backend key, and a
// downloader has no business seeing them. Only locale, PATH, time zone and proxy settings pass through
// (a deployment may route downloaders through an egress proxy with http_proxy/https_proxy).
const PASS_THROUGH = [
  'PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR',
  'http_proxy', 'https_proxy', 'all_proxy', 'no_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY',
  'SSL_CERT_FILE', 'SSL_CERT_DIR'
]

export function childEnv (extra: Record<string, string> = {}, source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const key of PASS_THROUGH) if (source[key] !== undefined) env[key] = source[key]
  return { ...env, ...extra }
}
