// What the Seerr client hands on, trimmed from Seerr's answers (seerr-team/seerr @ v3.1.0): the numbers are
// Seerr's own enums (server/constants/media.ts : 1-22, server/lib/permissions.ts : 1-32,
// server/lib/notifications/index.ts : 6-20).

/** MediaRequestStatus: PENDING=1, APPROVED=2, DECLINED=3, FAILED=4, COMPLETED=5. */
export const REQUEST_STATUS = { 1: 'pending', 2: 'approved', 3: 'declined', 4: 'failed', 5: 'completed' } as const
export type RequestStatus = typeof REQUEST_STATUS[keyof typeof REQUEST_STATUS]

/** MediaStatus: UNKNOWN=1 … DELETED=7 (BLOCKLISTED=6 since Seerr 3; Overseerr 1.34 stops at 5). */
export const MEDIA_STATUS = { 1: 'unknown', 2: 'pending', 3: 'processing', 4: 'partially available', 5: 'available', 6: 'blocklisted', 7: 'deleted' } as const
export type MediaAvailability = typeof MEDIA_STATUS[keyof typeof MEDIA_STATUS]

/** Notification bits a user can turn on per agent (notificationTypes.telegram). */
export const NOTIFY = { approved: 4, available: 8, declined: 64, autoApproved: 128 } as const

export interface SeerrUser {
  id: number
  /** Seerr's displayName: username, else the Plex or Jellyfin name, else the e-mail (server/entity/User.ts : 267-271). */
  displayName: string
}

export interface SeerrNotificationSettings {
  /** Whether Seerr's Telegram agent is switched on (a global setting, repeated per user). */
  telegramEnabled: boolean
  telegramChatId?: string
  /** Bits of the events this user gets on Telegram. */
  telegramTypes: number
}

export interface SeerrRequest {
  id: number
  status: RequestStatus
  mediaType: 'movie' | 'tv'
  is4k: boolean
  tmdbId: number
  tvdbId?: number
  /** Media status for this request's quality (status4k for a 4K request). */
  availability: MediaAvailability
  /** The manager's id of the title once Seerr sent it there (externalServiceId, or externalServiceId4k). */
  managerId?: number
  seasons: number[]
  requestedBy: SeerrUser
  modifiedBy?: SeerrUser
  createdAt: string
  updatedAt: string
}

export interface NewRequest {
  mediaType: 'movie' | 'tv'
  /** TMDB id (Seerr's mediaId is always TMDB's). */
  mediaId: number
  tvdbId?: number
  seasons?: number[] | 'all'
  is4k: boolean
}

/** How Seerr answered POST /request when it made none: refused (permission, quota, blocklist), a duplicate, or nothing left to ask for. */
export type RequestRefusal = 'permission' | 'quota' | 'blocklisted' | 'duplicate' | 'nothing-left'

export class SeerrRefused extends Error {
  constructor (readonly reason: RequestRefusal) {
    super(reason)
    this.name = 'SeerrRefused'
  }
}
