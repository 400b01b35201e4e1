/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > download_status > download_status as published in tools/list 1`] = `
{
  "name": "download_status",
  "title": "Download queue, finished packages, organize",
  "description": "Downloads: the direct-download, torrent and series/movie manager queues merged (progress, speed, time left), finished packages, or organize a finished package into a library folder (background job; never overwrites; removes nothing until the copy is verified). Paged. cancel_downloads cancels; the managers import their own torrents.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "action": {
        "type": "string",
        "enum": [
          "queue",
          "finished",
          "organize"
        ],
        "default": "queue",
        "description": "queue (downloaders, managers), finished, or organize (needs packageId, destination)"
      },
      "packageId": {
        "minimum": 1,
        "description": "organize: package id from finished",
        "type": "integer"
      },
      "destination": {
        "minLength": 1,
        "maxLength": 1024,
        "description": "organize: library folder, e.g. \\"movies/Heat (1995)\\"",
        "type": "string"
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
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "action",
      "warnings"
    ],
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
      "warnings": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "parts": {
        "type": "array"
      },
      "job": {
        "type": "object"
      },
      "next": {
        "type": "array"
      }
    }
  },
  "annotations": {
    "title": "Download queue, finished packages, organize",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": false,
    "openWorldHint": false
  },
  "execution": {
    "taskSupport": "optional"
  }
}
`
