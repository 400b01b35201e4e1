/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > series_grab > series_grab as published in tools/list 1`] = `
{
  "name": "series_grab",
  "title": "Download a release for an episode or season",
  "description": "Sends a release from series_releases (within 30 minutes) to the download client via the series manager; returns the queue item. Give the id, season and episode you searched with. Refused if already queued, unless replaceExisting (preview + confirmToken).",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "required": [
      "guid",
      "indexerId",
      "id",
      "seasonNumber"
    ],
    "properties": {
      "guid": {
        "minLength": 1,
        "maxLength": 2000,
        "description": "guid of the release, from series_releases",
        "type": "string"
      },
      "indexerId": {
        "minimum": 1,
        "description": "indexerId of the release, from series_releases",
        "type": "integer"
      },
      "replaceExisting": {
        "default": false,
        "description": "Replace the queued download (needs confirmToken)",
        "type": "boolean"
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
        "description": "Season, as given to series_releases",
        "type": "integer"
      },
      "episodeNumber": {
        "minimum": 1,
        "maximum": 10000,
        "description": "Episode; leave out for a season pack",
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
      "target": {
        "type": "object"
      },
      "idUsed": {
        "type": "object"
      },
      "grabbed": {
        "type": "object"
      },
      "replaced": {
        "type": "array"
      },
      "queueItems": {
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
    "title": "Download a release for an episode or season",
    "readOnlyHint": false,
    "destructiveHint": true,
    "idempotentHint": false,
    "openWorldHint": true
  }
}
`
