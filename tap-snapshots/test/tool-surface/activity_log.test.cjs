/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > activity_log > activity_log as published in tools/list 1`] = `
{
  "name": "activity_log",
  "title": "Media server activity",
  "description": "Newest first. view \\"media\\": media-server events (sign-ins, failed logins, playback, scans, task failures, plugin updates, deletions). view \\"server\\": who changed what here. Use server_status for live state. Read-only.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "view": {
        "type": "string",
        "enum": [
          "media",
          "server"
        ],
        "default": "media",
        "description": "media or server log"
      },
      "principal": {
        "maxLength": 200,
        "description": "server view: client or bot user",
        "type": "string"
      },
      "tool": {
        "maxLength": 64,
        "description": "server view: tool",
        "type": "string"
      },
      "sinceHours": {
        "minimum": 1,
        "maximum": 2160,
        "description": "Last N hours",
        "type": "integer"
      },
      "since": {
        "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}(?:[T ]\\\\d{2}:\\\\d{2}(?::\\\\d{2}(?:\\\\.\\\\d+)?)?(?:Z|[+-]\\\\d{2}:?\\\\d{2})?)?$",
        "description": "Since (ISO 8601)",
        "type": "string"
      },
      "minSeverity": {
        "type": "string",
        "enum": [
          "all",
          "Warning",
          "Error"
        ],
        "default": "all",
        "description": "This severity or worse"
      },
      "offset": {
        "minimum": 0,
        "maximum": 10000,
        "default": 0,
        "description": "Entries to skip (paging)",
        "type": "integer"
      },
      "limit": {
        "minimum": 1,
        "maximum": 100,
        "default": 20,
        "description": "Items per page",
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
      "hasMore",
      "scanLimited"
    ],
    "properties": {
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "required": [
            "id",
            "date",
            "severity",
            "type",
            "name"
          ],
          "properties": {
            "id": {
              "type": "integer"
            },
            "date": {
              "type": "string"
            },
            "severity": {
              "type": "string"
            },
            "type": {
              "type": "string"
            },
            "name": {
              "type": "string"
            },
            "detail": {
              "type": "string"
            },
            "itemId": {
              "type": "string"
            },
            "principal": {
              "type": "string"
            },
            "outcome": {
              "type": "string"
            },
            "arguments": {},
            "targets": {},
            "jobId": {
              "type": "string"
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
      "scanLimited": {
        "type": "boolean"
      }
    }
  },
  "annotations": {
    "title": "Media server activity",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
