/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > cancel_downloads > cancel_downloads as published in tools/list 1`] = `
{
  "name": "cancel_downloads",
  "title": "List, cancel or de-duplicate downloads",
  "description": "The managers' queues, the torrent client: list (paged), cancel ids (a manager removes the whole download, e.g. a season pack), retry stuck ones, pause/resume torrents, purge duplicates keeping the most advanced. cancel/retry/purge: preview + confirmToken first.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "action": {
        "type": "string",
        "enum": [
          "list",
          "cancel",
          "retry",
          "purge_duplicates",
          "pause",
          "resume"
        ],
        "default": "list",
        "description": "list; cancel, retry (remove, blocklist, search again), pause or resume ids; purge_duplicates"
      },
      "source": {
        "type": "string",
        "enum": [
          "all",
          "series",
          "movies",
          "torrents"
        ],
        "default": "all",
        "description": "Queues to read"
      },
      "ids": {
        "maxItems": 100,
        "default": [],
        "description": "Ids from list",
        "type": "array",
        "items": {
          "pattern": "^(series|movies):\\\\d{1,10}$|^torrent:[0-9a-f]{40}$",
          "description": "From list",
          "type": "string"
        }
      },
      "deleteFiles": {
        "default": true,
        "description": "Also delete their data",
        "type": "boolean"
      },
      "blocklist": {
        "default": false,
        "description": "Manager items: never grab this release again",
        "type": "boolean"
      },
      "offset": {
        "minimum": 0,
        "maximum": 100000,
        "default": 0,
        "description": "Items to skip (paging)",
        "type": "integer"
      },
      "limit": {
        "minimum": 1,
        "maximum": 100,
        "default": 25,
        "description": "Items per page",
        "type": "integer"
      },
      "confirmToken": {
        "minLength": 16,
        "maxLength": 128,
        "description": "Token of the preview; omit to preview",
        "type": "string"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "properties": {
      "action": {
        "type": "string"
      },
      "items": {
        "type": "array"
      },
      "total": {
        "type": "integer"
      },
      "offset": {
        "type": "integer"
      },
      "limit": {
        "type": "integer"
      },
      "hasMore": {
        "type": "boolean"
      },
      "removed": {
        "type": "array"
      },
      "changed": {
        "type": "array"
      },
      "failed": {
        "type": "array"
      },
      "warnings": {
        "type": "array"
      },
      "parts": {
        "type": "array"
      },
      "verified": {
        "type": "object"
      },
      "next": {
        "type": "array"
      },
      "confirmation": {
        "type": "object"
      }
    }
  },
  "annotations": {
    "title": "List, cancel or de-duplicate downloads",
    "readOnlyHint": false,
    "destructiveHint": true,
    "idempotentHint": false,
    "openWorldHint": false
  }
}
`
