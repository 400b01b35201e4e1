import t from 'tap'
import fc from 'fast-check'
import { checkRedirectUri, matchRedirectUri } from '../../core/redirect-uri.js'

const REGISTERED = ['https://app.example.com/cb?x=1', 'http://127.0.0.1:8080/callback', 'vscode://vscode.github-authentication/did-authenticate']

t.test('registered URIs match themselves exactly', async t => {
  for (const uri of REGISTERED) t.equal(matchRedirectUri(REGISTERED, uri), uri)
})

t.test('property: any mutation of a registered URI is refused, except a loopback port change', async t => {
  const mutate = fc.oneof(
    fc.string({ minLength: 1, maxLength: 8 }).map(s => (u: string) => u + s),
    fc.constant((u: string) => u + '/'),
    fc.constant((u: string) => u.toUpperCase()),
    fc.constant((u: string) => u.replace('https://', 'http://')),
    fc.constant((u: string) => u.replace('://', '://user@')),
    fc.constant((u: string) => u.replace('/cb', '/%63b').replace('/callback', '/%63allback').replace('did-', 'did%2D')),
    fc.constant((u: string) => u.replace('127.0.0.1', 'localhost')),
    fc.constant((u: string) => u.replace('127.0.0.1', '[::1]')),
    fc.constant((u: string) => u.replace('app.example.com', 'app.example.com.evil.com')),
    fc.integer({ min: 1, max: 65535 }).map(p => (u: string) => u.replace('app.example.com', `app.example.com:${p}`))
  )
  fc.assert(fc.property(fc.constantFrom(...REGISTERED), mutate, (uri, f) => {
    const changed = f(uri)
    return changed === uri || matchRedirectUri(REGISTERED, changed) === undefined
  }), { numRuns: 1000 })

  fc.assert(fc.property(fc.integer({ min: 1, max: 65535 }), port => {
    const changed = `http://127.0.0.1:${port}/callback`
    return matchRedirectUri(REGISTERED, changed) === changed && matchRedirectUri(REGISTERED, `http://127.0.0.1:${port}/callback/`) === undefined
  }), { numRuns: 200 })
  t.pass('1200 cases')
})

t.test('property: arbitrary strings never crash the checks', async t => {
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), s => {
    const problem = checkRedirectUri(s)
    const matched = matchRedirectUri(REGISTERED, s)
    return (problem === undefined || typeof problem === 'string') && (matched === undefined || REGISTERED.includes(s))
  }), { numRuns: 1000 })
  t.pass('1000 cases')
})
