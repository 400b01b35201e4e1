// PLACEHOLDER: replaced by the work on the backend clients. Registered in app.ts; keep the plugin name.
import fp from 'fastify-plugin'

export default fp(async function placeholder () {}, { name: 'backends' })
