// REQUESTS_USERS, the explicit map from our callers to Seerr users (lib/requests/user-map.ts uses it):
// comma-separated telegram:<chat user id>=<Seerr user id> and owner=<Seerr user id>. Checked when the config loads.
const ENTRY = /^(telegram:\d{1,20}|owner)=(\d{1,9})$/

/** Config-time check: each problem names the entry and the form expected. */
export function requestUsersProblems (value: string): string[] {
  return value.split(',').map(s => s.trim()).filter(s => s !== '').filter(e => !ENTRY.test(e))
    .map(e => `REQUESTS_USERS: "${e.slice(0, 60)}" is not telegram:<chat user id>=<Seerr user id> or owner=<Seerr user id>`)
}

export function parseRequestUsers (value: string): Map<string, number> {
  const map = new Map<string, number>()
  for (const e of value.split(',').map(s => s.trim())) {
    const m = ENTRY.exec(e)
    if (m) map.set(m[1], Number(m[2]))
  }
  return map
}
