// FlareSolverr (the challenge-bypass proxy Prowlarr uses), read at v3.5.0: setup status checks it with one call.
import type { FidelityRow } from './types.js'

export const FLARESOLVERR_ROWS: FidelityRow[] = [{
  service: 'FlareSolverr',
  method: 'GET',
  path: '/',
  source: { repo: 'FlareSolverr/FlareSolverr', path: 'src/flaresolverr_service.py', tag: 'v3.5.0' },
  behaviours: [
    'Answers 200 {"msg": "FlareSolverr is ready!", "version", "userAgent"} (index_endpoint): the only route that names the version',
    'GET /health answers {"status": "ok"} and nothing else (health_endpoint), so setup status reads GET / instead'
  ]
}]
