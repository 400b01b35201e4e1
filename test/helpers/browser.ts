// Headless Chromium for the page tests (Debian's /usr/bin/chromium driven by playwright-core). The flags
// keep it off the network: without the background-networking switches Chromium tries Google's hosts.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { X509Certificate, createHash } from 'node:crypto'
import type { Browser, BrowserContext } from 'playwright-core'
import tap from 'tap'

export const CHROMIUM_PATH = '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserSkipReason (): string | undefined {
  return existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} is missing (apt-get install chromium); CI installs it`
}

/**
 * Launches Chromium with a fresh profile; the browser and the profile go in the test's teardown.
 * `ignoreHTTPSErrors`: for a loopback HTTPS proxy whose test certificate authority the browser does not trust.
 * `trustCaPem`: narrower, trusts only chains that contain this CA certificate (Chromium's SPKI allow-list, which
 * it honours only with a profile directory, as here); every other certificate is still checked.
 * `timezoneId`: the browser's time zone (e.g. to check dates are shown in local time), default the machine's.
 */
export async function launchBrowser (t: { teardown: (fn: () => unknown) => void }, opts: { ignoreHTTPSErrors?: boolean, trustCaPem?: string, timezoneId?: string } = {}): Promise<{ browser: Browser, context: BrowserContext }> {
  const { chromium } = await import('playwright-core')
  const profile = mkdtempSync(join(tmpdir(), 'msmcp-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      ...(opts.trustCaPem ? [`--ignore-certificate-errors-spki-list=${spkiHash(opts.trustCaPem)}`] : [])
    ],
    viewport: { width: 1360, height: 900 },
    ignoreHTTPSErrors: opts.ignoreHTTPSErrors ?? false,
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {})
  })
  t.teardown(async () => {
    await context.close().catch(() => {})
    rmSync(profile, { recursive: true, force: true })
  })
  return { browser: context.browser()!, context }
}

/** How long a page step may take before the test fails (newBrowserContext's default for every wait and navigation). */
export const BROWSER_STEP_MS = 60_000

let shared: Promise<Browser> | undefined

/**
 * A fresh context (its own cookies, storage and cache, closed in the test's teardown) in the test process's one
 * Chromium, launched on first use and closed when the process's tests end. Starting Chromium costs seconds of CPU
 * on a loaded machine; a context costs little, and is as isolated from the others as a fresh browser is.
 * `ignoreHTTPSErrors` and `timezoneId` as launchBrowser's; `trustCaPem` needs a browser of its own (launchBrowser).
 */
export async function newBrowserContext (t: { teardown: (fn: () => unknown) => void }, opts: { ignoreHTTPSErrors?: boolean, timezoneId?: string } = {}): Promise<{ browser: Browser, context: BrowserContext }> {
  shared ??= (async () => {
    const { chromium } = await import('playwright-core')
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
    tap.teardown(() => browser.close().catch(() => {}))
    return browser
  })()
  const browser = await shared
  const context = await browser.newContext({
    viewport: { width: 1360, height: 900 },
    ignoreHTTPSErrors: opts.ignoreHTTPSErrors ?? false,
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {})
  })
  // Generous: Chromium on a loaded 2-core machine can take many seconds per navigation; a wait's bound is a
  // deadline for a hang, never the expected time.
  context.setDefaultTimeout(BROWSER_STEP_MS)
  context.setDefaultNavigationTimeout(BROWSER_STEP_MS)
  t.teardown(() => context.close().catch(() => {}))
  return { browser, context }
}

/** base64 SHA-256 of a certificate's SubjectPublicKeyInfo, the form Chromium's SPKI list takes. */
function spkiHash (pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(der).digest('base64')
}
