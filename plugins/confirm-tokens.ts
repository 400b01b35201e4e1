// app.confirm: the two-step confirmation gate for destructive tools (lib/confirm). The tool registry drives
// it: issue() on the preview call, replay()/redeem()/settle() on the confirmed call.
import fp from 'fastify-plugin'
import { createConfirmStore, type ConfirmStore } from '../lib/confirm/confirm-store.js'

declare module 'fastify' {
  interface FastifyInstance {
    confirm: ConfirmStore
  }
}

export default fp(async function confirmTokens (app) {
  app.decorate('confirm', createConfirmStore())
}, { name: 'confirm-tokens' })
