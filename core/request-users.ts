// REQUESTS_USERS, the explicit map from our callers to Seerr users (lib/requests/user-map.ts uses it):
// comma-separated telegram:<chat user id>=<Seerr user id>, owner=<Seerr user id> and <person>=<Seerr user id> (a
// NOTIFY_PEOPLE name: a sign-in made for that person). Checked when the config loads.
const ENTRY = /^(telegram:\d{1,20}|owner|[a-z0-9][a-z0-9_-]{0,31})=(\d{1,9})$/

/** Config-time check: each problem names the entry and the form expected. */
export function requestUsersProblems (value: string): string[] {
  return value.split(',').map(s => s.trim()).filter(s => s !== '').filter(e => !ENTRY.test(e))
    .map(e => `REQUESTS_USERS: "${e.slice(0, 60)}" is not telegram:<chat user id>=<Seerr user id>, owner=<Seerr user id> or <person>=<Seerr user id>`)
}

export function parseRequestUsers (value: string): Map<string, number> {
  const map = new Map<string, number>()
  for (const e of value.split(',').map(s => s.trim())) {
    const m = ENTRY.exec(e)
    if (m) map.set(m[1], Number(m[2]))
  }
  return map
}
