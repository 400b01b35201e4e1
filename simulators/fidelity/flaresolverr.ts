// FlareSolverr (the challenge-bypass proxy Prowlarr uses), read at v3.5.0: setup status checks it with one call.
import type { FidelityRow } from './types.js'

export const FLARESOLVERR_ROWS: FidelityRow[] = [{
  service: 'FlareSolverr',
  method: 'GET',
  path: '/health',
  source: { repo: 'FlareSolverr/FlareSolverr', path: 'src/flaresolverr_service.py', tag: 'v3.5.0' },
  behaviours: [
    'Answers 200 {"status": "ok"} and nothing else: no version (health_endpoint)',
    'The version is only in GET / (index_endpoint: msg, version, userAgent)'
  ]
}]
