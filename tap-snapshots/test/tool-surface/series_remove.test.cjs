/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > series_remove > series_remove as published in tools/list 1`] = `
{
  "name": "series_remove",
  "title": "Remove a series",
  "description": "Removes a series from the series manager (stops monitoring and downloads); deleteFiles also deletes its folder and files. Preview + confirmToken first. Use cancel_downloads to stop only a download.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "required": [
      "id"
    ],
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
      "deleteFiles": {
        "default": false,
        "description": "Also delete its folder and files (irreversible)",
        "type": "boolean"
      },
      "addImportListExclusion": {
        "default": false,
        "description": "Stop import lists from adding the series again",
        "type": "boolean"
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
      "removed": {
        "type": "object"
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
    "title": "Remove a series",
    "readOnlyHint": false,
    "destructiveHint": true,
    "idempotentHint": false,
    "openWorldHint": false
  }
}
`
