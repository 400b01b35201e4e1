// First-run setup from the command line (headless installs): the same steps as POST /api/setup.
//   npm run setup -- --config-root <dir> [--jellyfin-admin-token-file F | --jellyfin-user U --jellyfin-password-file F]
//                    [--only step,group] [--dry-run] [--json]
// Reads the same environment as the server (plus STATE_DIR/secrets.env), prints one line per step, and
// exits 1 when a step failed, 2 on a usage error, 78 on a configuration error. Secrets are read from files
// (or the MEDIASTACK_JELLYFIN_ADMIN_TOKEN / _PASSWORD variables), so they never sit on the command line.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config.js'
import { DEFAULT_CONFIG_ROOT } from '../lib/setup/config-root.js'
import { SetupInputError, runSetup } from '../lib/setup/run.js'
import { envWithStoredSecrets, secretsPath } from '../lib/setup/secrets-file.js'
import { STEP_GROUPS, STEP_IDS, type JellyfinAdmin, type SetupLog } from '../lib/setup/types.js'

const USAGE = `Usage: npm run setup -- [options]

  --config-root <dir>              folder holding sonarr/, radarr/, prowlarr/ with their config.xml
                                   (default SETUP_CONFIG_ROOT, else ${DEFAULT_CONFIG_ROOT})
  --jellyfin-admin-token-file <f>  file holding a Jellyfin administrator token (or MEDIASTACK_JELLYFIN_ADMIN_TOKEN)
  --jellyfin-admin-token <t>       the token itself (visible to other local users in the process list)
  --jellyfin-user <name>           a Jellyfin administrator ...
  --jellyfin-password-file <f>     ... and a file holding its password (or MEDIASTACK_JELLYFIN_ADMIN_PASSWORD)
  --only <steps>                   comma-separated steps or groups (default: all)
  --dry-run                        report what would be done; change nothing
  --json                           print the report as JSON
  -h, --help

Groups: ${Object.keys(STEP_GROUPS).join(', ')}
Steps:  ${STEP_IDS.join(', ')}
`

function fail (message: string, code: number): never {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

/** First line of a file, trimmed (a trailing newline from `echo` is not part of the secret). */
function readSecretFile (file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/)[0].trim()
  } catch (err) {
    return fail(`Cannot read the ${what} file ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'}).`, 2)
  }
}

let args
try {
  args = parseArgs({
    options: {
      'config-root': { type: 'string' },
      'jellyfin-admin-token': { type: 'string' },
      'jellyfin-admin-token-file': { type: 'string' },
      'jellyfin-user': { type: 'string' },
      'jellyfin-password-file': { type: 'string' },
      only: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false }
    },
    strict: true,
    allowPositionals: false
  }).values
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`, 2)
}
if (args.help) {
  process.stdout.write(USAGE)
  process.exit(0)
}

let config
try {
  config = loadConfig(envWithStoredSecrets(process.env))
} catch (err) {
  if (err instanceof ConfigError) fail(`${err.message}\nFix the variables above (see .env.example) and run again.`, 78)
  fail(`Cannot read the configuration: ${(err as Error).message}`, 78)
}

const admin: JellyfinAdmin = {}
const tokenFile = args['jellyfin-admin-token-file']
if (tokenFile) admin.token = readSecretFile(tokenFile, 'Jellyfin admin token')
else if (args['jellyfin-admin-token']) admin.token = args['jellyfin-admin-token']
else if (process.env.MEDIASTACK_JELLYFIN_ADMIN_TOKEN) admin.token = process.env.MEDIASTACK_JELLYFIN_ADMIN_TOKEN
if (args['jellyfin-user']) {
  admin.username = args['jellyfin-user']
  const pwFile = args['jellyfin-password-file']
  if (pwFile) admin.password = readSecretFile(pwFile, 'Jellyfin password')
  else if (process.env.MEDIASTACK_JELLYFIN_ADMIN_PASSWORD !== undefined) admin.password = process.env.MEDIASTACK_JELLYFIN_ADMIN_PASSWORD
  else fail('--jellyfin-user needs --jellyfin-password-file (or MEDIASTACK_JELLYFIN_ADMIN_PASSWORD).', 2)
}

const verbose = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace'
const write = (level: string) => (obj: Record<string, unknown>, msg: string) => process.stderr.write(`${level}: ${msg} ${JSON.stringify(obj)}\n`)
const log: SetupLog = { info: verbose ? write('info') : () => {}, warn: write('warn'), error: write('error') }

const configuredRoot = (config as { SETUP_CONFIG_ROOT?: string }).SETUP_CONFIG_ROOT ?? DEFAULT_CONFIG_ROOT
const configRoot = resolve(args['config-root'] ?? configuredRoot)
const steps = args.only?.split(',').map(s => s.trim()).filter(Boolean)

try {
  const report = await runSetup(config, { configRoot, steps, dryRun: args['dry-run'], jellyfinAdmin: admin.token || admin.username ? admin : undefined }, log)
  if (args.json) {
    process.stdout.write(JSON.stringify({ ...report, secretsFile: secretsPath(config.STATE_DIR) }, null, 2) + '\n')
  } else {
    const width = Math.max(...report.results.map(r => r.step.length))
    for (const r of report.results) process.stdout.write(`${r.status.padEnd(12)} ${r.step.padEnd(width)}  ${r.message}\n`)
    const keys = Object.entries(report.keys).map(([s, p]) => `${s} ${p}`).join(', ')
    process.stdout.write(`\nKeys: ${keys} (stored in ${secretsPath(config.STATE_DIR)}).\n`)
    if (report.restartRequired) process.stdout.write('Restart the tool server to apply the stored keys.\n')
  }
  process.exit(report.results.some(r => r.status === 'failed') ? 1 : 0)
} catch (err) {
  if (err instanceof SetupInputError) fail(err.message, 2)
  throw err
}
