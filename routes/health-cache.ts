// The /health shape of one backend instance's whole-library cache (core/keyed-cache.ts stats): how much it
// holds, how old each list is, and how often it answered. No URLs or contents: /health needs no auth.
import { Type } from '@sinclair/typebox'

export const CacheHealth = Type.Object({
  instance: Type.String({ description: 'The backend instance, e.g. Sonarr' }),
  entries: Type.Integer({ description: 'Lists held now' }),
  bytes: Type.Integer({ description: 'Approximate size of what is held' }),
  maxBytes: Type.Integer({ description: 'Bound on that size' }),
  ttlSeconds: Type.Integer({ description: 'A list older than this is fetched again' }),
  hits: Type.Integer({ description: 'Reads answered from the cache' }),
  misses: Type.Integer({ description: 'Reads that fetched from the backend' }),
  shared: Type.Integer({ description: 'Reads that joined a fetch already in flight' }),
  evictions: Type.Integer({ description: 'Lists dropped to stay within maxBytes' }),
  refreshes: Type.Integer({ description: 'Renewals started in the background by reads of a list past half its TTL' }),
  items: Type.Array(Type.Object({
    key: Type.String({ description: 'Which list (series, movies)' }),
    ageSeconds: Type.Integer({ description: 'Seconds since it was fetched' }),
    bytes: Type.Integer({ description: 'Approximate size' })
  }), { description: 'Each list held' })
}, { description: 'One backend instance\'s cache of whole lists' })
