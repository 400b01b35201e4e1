// What a notice says and where it may go. The events are the household's: a title is ready, titles are leaving
// soon, a download needs a person, a disk runs low, a backend is down, a new client signed in.

export const NOTIFY_EVENTS = ['ready', 'leaving', 'stuck', 'disk', 'down', 'signin', 'test'] as const
export type NotifyEvent = typeof NOTIFY_EVENTS[number]

export interface Message {
  title: string
  body: string
  /** Apprise's notify types (caronc/apprise @ v1.13.0 : apprise/common.py : 35-42). */
  type?: 'info' | 'success' | 'warning' | 'failure'
  /** Opened when the notice is tapped (ntfy). */
  click?: string
  /** A one-tap action (a "keep" link): a button where the channel has them, a line of text elsewhere. */
  action?: { label: string, url: string }
}

/** One channel's answer: `error` is safe to show (no URL, no token, no response body). */
export interface DeliveryResult {
  channel: string
  ok: boolean
  error?: string
  attempts: number
}
