/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > download_direct > download_direct as published in tools/list 1`] = `
{
  "name": "download_direct",
  "title": "Download a URL (video page or file) and organize it",
  "description": "Downloads one public URL with this server's tools: a video page (yt-dlp) or a file (aria2), then moves it into destination if given (never overwriting). A background job: check_jobs shows the saved files. File hosters: download_add.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "required": [
      "url"
    ],
    "properties": {
      "url": {
        "minLength": 8,
        "maxLength": 2048,
        "description": "Public http(s) URL of a video page or a file",
        "type": "string"
      },
      "method": {
        "type": "string",
        "enum": [
          "auto",
          "video",
          "file"
        ],
        "default": "auto",
        "description": "video (yt-dlp), file (aria2) or auto (file for file-like links)"
      },
      "destination": {
        "minLength": 1,
        "maxLength": 1024,
        "description": "Library folder to move it into (default: stays in downloads)",
        "type": "string"
      },
      "fileName": {
        "minLength": 1,
        "maxLength": 200,
        "description": "file: name to save as (default from the URL)",
        "type": "string"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "method",
      "downloadFolder",
      "job"
    ],
    "properties": {
      "method": {
        "type": "string"
      },
      "downloadFolder": {
        "type": "string"
      },
      "job": {
        "type": "object",
        "required": [
          "id",
          "status",
          "description"
        ],
        "properties": {
          "id": {
            "type": "string"
          },
          "status": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "estimatedDurationMs": {
            "type": "integer"
          }
        }
      },
      "next": {
        "type": "array"
      }
    }
  },
  "annotations": {
    "title": "Download a URL (video page or file) and organize it",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": false,
    "openWorldHint": true
  },
  "execution": {
    "taskSupport": "optional"
  }
}
`
