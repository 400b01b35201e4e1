/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > series_rescan > series_rescan as published in tools/list 1`] = `
{
  "name": "series_rescan",
  "title": "Rescan series folders",
  "description": "Makes the series manager rescan one series' folder (id) or all, picking up files changed by hand; waits up to waitSeconds. New downloads: series_import.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "id": {
        "minimum": 1,
        "maximum": 2147483647,
        "description": "seriesId or TVDB id",
        "type": "integer"
      },
      "idType": {
        "type": "string",
        "enum": [
          "auto",
          "seriesId",
          "tvdbId"
        ],
        "default": "auto",
        "description": "auto: either kind of id"
      },
      "waitSeconds": {
        "minimum": 0,
        "maximum": 60,
        "default": 15,
        "description": "Seconds to wait (0: return at once)",
        "type": "integer"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "scope",
      "command",
      "finished"
    ],
    "properties": {
      "scope": {
        "type": "string"
      },
      "seriesId": {
        "type": "integer"
      },
      "title": {
        "type": "string"
      },
      "idUsed": {
        "type": "object"
      },
      "command": {
        "type": "object",
        "required": [
          "id",
          "name",
          "status"
        ],
        "properties": {
          "id": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "status": {
            "type": "string"
          },
          "message": {
            "type": "string"
          }
        }
      },
      "finished": {
        "type": "boolean"
      }
    }
  },
  "annotations": {
    "title": "Rescan series folders",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
