// The web surface on a loopback port and a headless Chromium page signed in to it (the page signs in with the
// server's loopback grant on its own), for the page tests that start from a signed-in dashboard.
//
//   const { app, config, page, problems } = await openSignedInPage(t, { config: { SERIES_MANAGER_URL: … }, beforeOpen })
import type { Page } from 'playwright-core'
import { BROWSER_STEP_MS, newBrowserContext } from './browser.js'
import { buildTestApp, type TestApp, type TestAppOptions } from './build.js'
import { freePort } from './web-app.js'

export type SignedInPage = TestApp<{}> & {
  page: Page
  /** Errors the page's scripts threw (a test expects none). */
  problems: string[]
}

export interface SignedInPageOptions extends Omit<TestAppOptions, 'web' | 'listenPort'> {
  /** Runs on the listening app before the page opens (state the page should show on its first load). */
  beforeOpen?: (built: TestApp<{}>) => unknown
}

/** buildTestApp with the web surface, listening; then a page (a fresh context in the process's Chromium) at its root, waited until signed in. */
export async function openSignedInPage (t: { teardown: (fn: () => unknown) => void }, { beforeOpen, ...opts }: SignedInPageOptions = {}): Promise<SignedInPage> {
  const built = await buildTestApp(t, { ...opts, web: true, listenPort: await freePort() })
  await beforeOpen?.(built)
  const { context } = await newBrowserContext(t)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', e => problems.push(e.message))
  await page.goto(`${built.config.PUBLIC_URL}/`)
  await page.locator('body[data-signed-in="true"]').waitFor({ timeout: BROWSER_STEP_MS })
  return { ...built, page, problems }
}
