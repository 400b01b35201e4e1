/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > cleanup_server > cleanup_server as published in tools/list 1`] = `
{
  "name": "cleanup_server",
  "title": "Clean up leftovers",
  "description": "Frees space, removing only what is proved unneeded: our temp files, torrents whose data is gone, old unreferenced download leftovers, media server caches, ghost manager entries (folder gone, files kept); if named, watched: titles all users watched, no favourite or keep tag, marked leaving soon first, then deleted by their manager. Preview + confirmToken; acts on exactly that list.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "categories": {
        "minItems": 1,
        "maxItems": 6,
        "default": [
          "temp",
          "orphanedTorrents",
          "downloadLeftovers",
          "caches",
          "ghostEntries"
        ],
        "description": "Default: all but watched",
        "type": "array",
        "items": {
          "type": "string",
          "enum": [
            "temp",
            "orphanedTorrents",
            "downloadLeftovers",
            "caches",
            "ghostEntries",
            "watched"
          ]
        }
      },
      "olderThanHours": {
        "minimum": 0,
        "maximum": 8760,
        "default": 24,
        "description": "Min age of temp and leftovers",
        "type": "integer"
      },
      "watchedDays": {
        "minimum": 0,
        "maximum": 3650,
        "default": 90,
        "description": "watched: days unplayed",
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
      "removed": {
        "type": "array"
      },
      "skipped": {
        "type": "array"
      },
      "failed": {
        "type": "array"
      },
      "bytesFreed": {
        "type": "number"
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
    "title": "Clean up leftovers",
    "readOnlyHint": false,
    "destructiveHint": true,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
