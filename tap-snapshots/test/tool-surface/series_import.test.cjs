/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > series_import > series_import as published in tools/list 1`] = `
{
  "name": "series_import",
  "title": "Import downloaded episodes",
  "description": "Imports episode files from a download via the series manager: matched by name or your ids, renamed and moved (hardlinked/copied while a torrent seeds); rejected files listed with reasons. Replacing a file: preview + confirmToken. For blocked queue imports.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "required": [
      "path"
    ],
    "properties": {
      "path": {
        "minLength": 1,
        "maxLength": 4096,
        "description": "Downloaded file or folder (e.g. a series_status queue row's outputPath)",
        "type": "string"
      },
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
      "seasonNumber": {
        "minimum": 0,
        "maximum": 500,
        "description": "Season of a file whose name lacks it",
        "type": "integer"
      },
      "episodeNumber": {
        "minimum": 1,
        "maximum": 10000,
        "description": "Episode of a single file whose name lacks it",
        "type": "integer"
      },
      "importMode": {
        "type": "string",
        "enum": [
          "auto",
          "move",
          "copy"
        ],
        "default": "auto",
        "description": "move, copy (hardlink or copy: a seeding torrent keeps its file) or auto"
      },
      "waitSeconds": {
        "minimum": 1,
        "maximum": 120,
        "default": 30,
        "description": "Seconds to wait for the import",
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
      "idUsed": {
        "type": "object"
      },
      "imported": {
        "type": "array"
      },
      "finished": {
        "type": "boolean"
      },
      "importMode": {
        "type": "string"
      },
      "command": {
        "type": "object"
      },
      "skipped": {
        "type": "array"
      },
      "failed": {
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
    "title": "Import downloaded episodes",
    "readOnlyHint": false,
    "destructiveHint": true,
    "idempotentHint": false,
    "openWorldHint": false
  }
}
`
