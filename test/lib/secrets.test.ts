// The bearer check's matcher: the secret's hash is computed once, and the answer is safeEqual's.
import t from 'tap'
import { safeEqual, secretMatcher } from '../../lib/secrets.js'

t.test('secretMatcher answers as safeEqual against its secret', async t => {
  const secret = 'an-internal-key-of-forty-characters-0123'
  const matches = secretMatcher(secret)
  for (const candidate of [secret, `${secret} `, secret.slice(1), '', 'x'.repeat(200), secret.toUpperCase()]) {
    t.equal(matches(candidate), safeEqual(candidate, secret), JSON.stringify(candidate.slice(0, 12)))
  }
  t.ok(matches(secret))
})
