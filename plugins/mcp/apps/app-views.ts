// The MCP Apps views (web/apps/): each is assembled once into one self-contained HTML document (the host shows
// it in a sandboxed frame with no origin to load from), with its own Content-Security-Policy in a meta tag:
// nothing but its own inline script and style (by hash), no network at all. Hosts add their CSP from the
// resource's `_meta.ui.csp` on top (ext-apps specification/2026-01-26/apps.mdx, "UI Resource Format").
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { webDir } from '../../../core/web-dir.js'

export interface AppView {
  uri: string
  name: string
  title: string
  description: string
  html: string
}

interface ViewSource { file: string, uri: string, title: string, description: string }

export const VIEW_URIS = {
  confirm: 'ui://mediastack/confirm.html',
  jobs: 'ui://mediastack/jobs.html',
  title: 'ui://mediastack/title.html'
} as const

const SOURCES: ViewSource[] = [
  { file: 'confirm', uri: VIEW_URIS.confirm, title: 'Confirm card', description: 'A destructive preview with its exact targets; Confirm runs it, Cancel changes nothing.' },
  { file: 'jobs', uri: VIEW_URIS.jobs, title: 'Jobs and downloads', description: 'Background jobs and downloads with live progress.' },
  { file: 'title', uri: VIEW_URIS.title, title: 'Title card', description: 'Where a title stands across the media server, managers, downloaders and disk.' }
]

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Reads web/apps/ and assembles every view. Throws at start when a file is missing, not at a client's read. */
export function loadAppViews (dir = join(webDir(), 'apps')): AppView[] {
  const read = (name: string) => readFileSync(join(dir, name), 'utf8')
  const style = read('view.css')
  const bridge = read('bridge.js')
  return SOURCES.map(source => {
    const script = `(() => {\n'use strict'\n${bridge}\n${read(`${source.file}.js`)}\n})()\n`
    if (/<\/(script|style)/i.test(script + style)) throw new Error(`The app view ${source.file} must not contain a closing script or style tag`)
    const csp = [
      "default-src 'none'",
      `script-src ${sha256(script)}`,
      `style-src ${sha256(style)}`,
      'img-src data:',
      "connect-src 'none'",
      "base-uri 'none'",
      "form-action 'none'"
    ].join('; ')
    const html = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
      `<meta http-equiv="Content-Security-Policy" content="${csp}">\n` +
      '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
      `<title>${source.title}</title>\n<style>${style}</style>\n</head>\n<body>\n${read(`${source.file}.html`)}<script>${script}</script>\n</body>\n</html>\n`
    return { uri: source.uri, name: source.file, title: source.title, description: source.description, html }
  })
}
