/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > series_search > series_search as published in tools/list 1`] = `
{
  "name": "series_search",
  "title": "Find (and add) a TV series",
  "description": "Searches TVDB and the library at once; each match says if it is in the library (seriesId). Add one by calling again with addTvdbId (refused with the choices if a profile or folder is needed); one already in gets its options updated. Browse with series_status, pick a release with series_releases.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "term": {
        "minLength": 1,
        "maxLength": 200,
        "description": "Title or \\"tvdb:<id>\\" (unless addTvdbId)",
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
        "maximum": 50,
        "default": 10,
        "description": "Items per page",
        "type": "integer"
      },
      "addTvdbId": {
        "minimum": 1,
        "description": "TVDB id to add (or update)",
        "type": "integer"
      },
      "qualityProfile": {
        "minLength": 1,
        "maxLength": 100,
        "description": "Quality profile (name or id) for addTvdbId",
        "type": "string"
      },
      "rootFolder": {
        "minLength": 1,
        "maxLength": 500,
        "description": "Root folder for addTvdbId, e.g. \\"/data/tv\\" or \\"anime\\"",
        "type": "string"
      },
      "monitor": {
        "type": "string",
        "enum": [
          "all",
          "future",
          "missing",
          "existing",
          "firstSeason",
          "lastSeason",
          "pilot",
          "recent",
          "none"
        ],
        "description": "Episodes to monitor for addTvdbId"
      },
      "seriesType": {
        "type": "string",
        "enum": [
          "standard",
          "daily",
          "anime"
        ],
        "description": "Episode numbering for addTvdbId"
      },
      "seasonFolder": {
        "description": "Use Season NN folders (default true when adding)",
        "type": "boolean"
      },
      "tags": {
        "maxItems": 10,
        "description": "Existing tags for addTvdbId",
        "type": "array",
        "items": {
          "minLength": 1,
          "maxLength": 100,
          "type": "string"
        }
      },
      "searchForMissing": {
        "default": false,
        "description": "With addTvdbId: search missing episodes now",
        "type": "boolean"
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
      "term": {
        "type": "string"
      },
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "required": [
            "tvdbId",
            "title",
            "year",
            "status",
            "seasonCount",
            "inLibrary"
          ],
          "properties": {
            "tvdbId": {
              "type": "integer"
            },
            "title": {
              "type": "string"
            },
            "year": {
              "type": "integer"
            },
            "status": {
              "type": "string"
            },
            "network": {
              "type": "string"
            },
            "seasonCount": {
              "type": "integer"
            },
            "overview": {
              "type": "string"
            },
            "inLibrary": {
              "type": "boolean"
            },
            "seriesId": {
              "type": "integer"
            },
            "monitored": {
              "type": "boolean"
            },
            "path": {
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
      "added": {
        "type": "object"
      }
    }
  },
  "annotations": {
    "title": "Find (and add) a TV series",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": true
  }
}
`
