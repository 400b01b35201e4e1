/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > check_jobs > check_jobs as published in tools/list 1`] = `
{
  "name": "check_jobs",
  "title": "Check background jobs",
  "description": "Background jobs (moves, renames, media processing, downloads, searches). With id (a jobId): that job, or cancel it; without: a page, newest first, by status, kind or mine. Each has status, progress, result or error; finished jobs stay a day.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "id": {
        "pattern": "^[A-Za-z0-9_-]{8,64}$",
        "description": "Leave out to list jobs",
        "type": "string"
      },
      "status": {
        "type": "string",
        "enum": [
          "all",
          "active",
          "finished",
          "queued",
          "running",
          "succeeded",
          "failed",
          "cancelled",
          "interrupted"
        ],
        "default": "all",
        "description": "Only jobs in this state (active = queued or running)"
      },
      "kind": {
        "type": "string",
        "enum": [
          "file-move",
          "media-process",
          "direct-download",
          "organize-download",
          "search-loop"
        ],
        "description": "Only jobs of this kind"
      },
      "mine": {
        "default": false,
        "description": "Only yours",
        "type": "boolean"
      },
      "cancel": {
        "default": false,
        "description": "Stop job id (yours)",
        "type": "boolean"
      },
      "start": {
        "description": "Start a paced search for missing and upgrades",
        "const": "search-loop",
        "type": "string"
      },
      "offset": {
        "minimum": 0,
        "maximum": 10000,
        "default": 0,
        "description": "Paging offset",
        "type": "integer"
      },
      "limit": {
        "minimum": 1,
        "maximum": 100,
        "default": 20,
        "description": "Page size",
        "type": "integer"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "items",
      "total",
      "offset",
      "limit",
      "hasMore"
    ],
    "properties": {
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "required": [
            "id",
            "kind",
            "description",
            "status",
            "message",
            "createdAt",
            "canUndo",
            "startedByYou"
          ],
          "properties": {
            "id": {
              "type": "string"
            },
            "kind": {
              "type": "string"
            },
            "description": {
              "type": "string"
            },
            "status": {
              "type": "string",
              "enum": [
                "queued",
                "running",
                "succeeded",
                "failed",
                "cancelled",
                "interrupted"
              ]
            },
            "message": {
              "type": "string"
            },
            "createdAt": {
              "type": "string"
            },
            "startedAt": {
              "type": "string"
            },
            "finishedAt": {
              "type": "string"
            },
            "progress": {
              "type": "number"
            },
            "estimatedDurationMs": {
              "type": "integer"
            },
            "result": {},
            "error": {
              "type": "string"
            },
            "canUndo": {
              "type": "boolean"
            },
            "startedByYou": {
              "type": "boolean"
            }
          }
        }
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
      "next": {
        "type": "array"
      }
    }
  },
  "annotations": {
    "title": "Check background jobs",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
