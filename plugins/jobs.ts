// PLACEHOLDER: replaced by the work on the job registry. Registered in app.ts; keep the plugin name.
import fp from 'fastify-plugin'

export default fp(async function placeholder () {}, { name: 'jobs' })
