/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > get_library_state > get_library_state as published in tools/list 1`] = `
{
  "name": "get_library_state",
  "title": "Library state snapshot",
  "description": "Where a title stands: ready to watch (the media server lists it), video files in the library, files in a manager, monitored, downloading (how far), import blocked. A backend that is down shows available:false and why; facts only it could tell are absent. Without title: totals per top folder, and what no manager tracks. Read-only.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "title": {
        "minLength": 1,
        "maxLength": 200,
        "description": "Omit for the library summary",
        "type": "string"
      },
      "kind": {
        "type": "string",
        "enum": [
          "any",
          "series",
          "movie"
        ],
        "default": "any",
        "description": "Only series or movies"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "mode"
    ],
    "properties": {
      "mode": {
        "type": "string"
      },
      "folders": {
        "type": "array"
      },
      "health": {
        "type": "object"
      },
      "title": {
        "type": "string"
      },
      "readyToWatch": {
        "type": "boolean"
      },
      "filesOnDisk": {
        "type": "boolean"
      },
      "managerHasFiles": {
        "type": "boolean"
      },
      "knownToManagers": {
        "type": "boolean"
      },
      "monitored": {
        "type": "boolean"
      },
      "downloading": {
        "type": "boolean"
      },
      "downloadProgress": {
        "type": "number"
      },
      "importBlocked": {
        "type": "boolean"
      },
      "downloadFailed": {
        "type": "boolean"
      },
      "failedDownloads": {
        "type": "array"
      },
      "mediaServer": {
        "type": "object"
      },
      "seriesManager": {
        "type": "object"
      },
      "movieManager": {
        "type": "object"
      },
      "torrents": {
        "type": "object"
      },
      "usenet": {
        "type": "object"
      },
      "directDownloads": {
        "type": "object"
      },
      "disk": {
        "type": "object"
      },
      "parts": {
        "type": "array"
      }
    }
  },
  "annotations": {
    "title": "Library state snapshot",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
