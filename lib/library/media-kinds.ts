// File kinds by extension, shared by listing, summaries and planning.

export const VIDEO_EXTENSIONS = new Set(['mkv', 'mp4', 'm4v', 'avi', 'mov', 'wmv', 'ts', 'm2ts', 'webm', 'mpg', 'mpeg', 'flv', 'ogv'])
export const SUBTITLE_EXTENSIONS = new Set(['srt', 'ass', 'ssa', 'sub', 'idx', 'vtt', 'sup'])
export const AUDIO_EXTENSIONS = new Set(['mp3', 'flac', 'm4a', 'aac', 'ogg', 'opus', 'wav', 'wma', 'alac'])

export type FileKind = 'video' | 'subtitle' | 'audio' | 'other'

export function extensionOf (name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase()
}

export function fileKind (name: string): FileKind {
  const ext = extensionOf(name)
  if (VIDEO_EXTENSIONS.has(ext)) return 'video'
  if (SUBTITLE_EXTENSIONS.has(ext)) return 'subtitle'
  if (AUDIO_EXTENSIONS.has(ext)) return 'audio'
  return 'other'
}
