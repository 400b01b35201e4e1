// Load config, build, listen, close gracefully. Nothing else.
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from './config.js'
import { buildApp } from './app.js'
import { listenProblem } from './core/listen-error.js'
import { envWithStoredSecrets, SecretsFileError } from './lib/setup/secrets-file.js'
import { displayUrl } from './core/display-url.js'

let config
try {
  // Keys stored by setup (STATE_DIR/secrets.env) fill variables the environment leaves empty.
  config = loadConfig(envWithStoredSecrets(process.env))
} catch (err) {
  if (err instanceof SecretsFileError) {
    process.stderr.write(`${err.message}\n`)
    process.exit(78)
  }
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\nFix the variables above (see .env.example) and start again.\n`)
    process.exit(78)
  }
  throw err
}

const app = await buildApp(config)
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an unexpected error')
  else app.log.info({ signal }, 'shutting down')
  await app.close()
})
try {
  await app.listen({ port: config.PORT, host: config.HOST })
} catch (err) {
  const problem = listenProblem(err, config.PORT, config.HOST)
  if (!problem) throw err
  process.stderr.write(`${problem}\n`)
  await app.close()
  process.exit(1)
}
app.log.info(`MCP endpoint: ${displayUrl(config.PUBLIC_URL)}/mcp`)
