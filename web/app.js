// The dashboard page's entry point: sign in (OAuth, PKCE) and start the dashboard and the chat.
import { AuthError, ensureSignedIn, signIn, signedOut, signOut } from './auth.js'
import { byId } from './dom.js'
import { showBanner, startDashboard } from './dashboard.js'
import { startChat } from './chat.js'

/** The signed-out page: the header offers "Sign in", nothing else runs. */
function showSignedOut (message = 'You are signed out. Sign in to see the dashboard again.') {
  document.body.dataset.signedIn = 'false'
  byId('live').dataset.state = 'offline'
  byId('live').textContent = 'Signed out'
  showBanner(message)
  const button = byId('signout')
  button.textContent = 'Sign in'
  button.addEventListener('click', () => { signIn().catch(err => showBanner(err.message)) })
}

async function main () {
  if (signedOut() && location.pathname !== '/dashboard/callback') return showSignedOut()
  try {
    await ensureSignedIn()
  } catch (err) {
    return showSignedOut(err instanceof AuthError ? err.message : `Sign-in failed: ${err.message}`)
  }
  byId('signout').addEventListener('click', () => { signOut() })
  document.body.dataset.signedIn = 'true'
  startChat()
  await startDashboard()
}

main()
