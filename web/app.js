// The dashboard page's entry point: sign in (OAuth, PKCE) and start the dashboard and the chat.
import { AuthError, ensureSignedIn, signOut } from './auth.js'
import { byId } from './dom.js'
import { showBanner, startDashboard } from './dashboard.js'
import { startChat } from './chat.js'

async function main () {
  byId('signout').addEventListener('click', () => {
    signOut()
    document.body.replaceChildren(Object.assign(document.createElement('p'), { className: 'signed-out', textContent: 'Signed out. Reload the page to sign in again.' }))
  })
  try {
    await ensureSignedIn()
  } catch (err) {
    byId('live').dataset.state = 'offline'
    byId('live').textContent = 'Signed out'
    showBanner(err instanceof AuthError ? err.message : `Sign-in failed: ${err.message}`)
    return
  }
  document.body.dataset.signedIn = 'true'
  startChat()
  await startDashboard()
}

main()
