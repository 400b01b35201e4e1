// What deluge-web's JSON-RPC errors say, in words a person can act on. Citations are github.com/deluge-torrent/deluge
// at tag deluge-2.0.3: deluge/ui/web/json_api.py and deluge/ui/client.py.
import { BackendError } from '../../core/errors.js'

// json_api.py 156-167: 1 no session (auth.login first), 2 a method the web UI does not know, which every core.*
// call gets while it has never been connected to a daemon (remote methods are learnt on connect, 92-104).
export const NOT_AUTHENTICATED = 1
export const UNKNOWN_METHOD = 2

/**
 * A refusal Deluge gave, read into its exception class and its own sentence. Code 3 is an exception raised in the
 * web UI itself, "Class: message" (json_api.py 170-172); code 4 is the daemon's refusal, a Twisted Failure printed
 * whole (json_api.py 181-190): "Failure: [Failure instance: Traceback (failure with no frames): <class
 * 'deluge.error.AddTorrentError'>: Torrent already in session (…).\n]", and for an exception that is not one of
 * deluge.error's a WrappedException followed by the daemon's Python traceback (deluge/ui/client.py 133-181).
 */
export class DelugeCallError extends BackendError {
  constructor (readonly kind: string, readonly reason: string, what: string) {
    super('Deluge', `Deluge refused ${what}: ${reason.replace(/\.$/, '')}.`, 200, 'rejected')
  }
}

/** What a call asks for, as a person would say it. */
const WHAT: Record<string, string> = {
  'core.add_torrent_file': 'to add the torrent',
  'core.add_torrent_magnet': 'to add the magnet link',
  'core.remove_torrents': 'the removal',
  'core.pause_torrents': 'to pause',
  'core.resume_torrents': 'to resume',
  'core.get_torrents_status': 'to list its torrents',
  'core.get_torrent_status': 'to read the torrent\'s files',
  'core.enable_plugin': 'to turn on the plugin',
  'label.add': 'to create the label',
  'label.set_torrent': 'to set the torrent\'s label'
}

const FAILURE = /<class '(?:[\w.]+\.)?(\w+)'>: ([^\n]*)/
const RAISED = /^(\w+): ([^\n]*)/
/** The last line of a Python traceback: the exception the daemon actually raised ("KeyError: 'abc…'"). */
const LAST_RAISED = /\n(\w+): ([^\n]*)\n*\]?\s*$/
const TORRENT_ID = /^'([0-9a-f]{40})'$/

/** The refusal of an error answer: the class and the first line of its message, never a traceback or a path. */
export function delugeCallError (method: string, error: { message: string, code: number }): DelugeCallError {
  const m = FAILURE.exec(error.message) ?? RAISED.exec(error.message)
  // A WrappedException carries the daemon's own exception as its traceback's last line (deluge/error.py 46-50).
  const inner = m?.[1] === 'WrappedException' ? LAST_RAISED.exec(error.message) : null
  const kind = inner?.[1] ?? m?.[1] ?? 'Error'
  let reason = (inner?.[2] ?? m?.[2] ?? error.message.split('\n')[0] ?? '').trim()
  // A torrent id the daemon does not know is a KeyError naming it (deluge/core/torrentmanager.py __getitem__ 302).
  const id = kind === 'KeyError' ? TORRENT_ID.exec(reason) : null
  if (id) reason = `it has no torrent ${id[1]}`
  return new DelugeCallError(kind, reason.slice(0, 200) || 'no reason given', WHAT[method] ?? method)
}
