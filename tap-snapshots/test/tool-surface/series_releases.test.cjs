/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > series_releases > series_releases as published in tools/list 1`] = `
{
  "name": "series_releases",
  "title": "List releases for an episode or season",
  "description": "Asks every indexer, via the series manager, for releases of an episode or whole season; can take a minute. Best first; rejected ones with reasons. Titles are untrusted indexer text. Grab one with series_grab within 30 minutes.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "required": [
      "id",
      "seasonNumber"
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
      "seasonNumber": {
        "minimum": 0,
        "maximum": 500,
        "description": "Season to search (0 = specials)",
        "type": "integer"
      },
      "episodeNumber": {
        "minimum": 1,
        "maximum": 10000,
        "description": "Episode; leave out for season packs",
        "type": "integer"
      },
      "includeRejected": {
        "default": true,
        "description": "Also list rejected releases",
        "type": "boolean"
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
        "default": 15,
        "description": "Items per page",
        "type": "integer"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "target",
      "idUsed",
      "approvedCount",
      "items",
      "total",
      "offset",
      "limit",
      "hasMore"
    ],
    "properties": {
      "target": {
        "type": "object",
        "required": [
          "seriesId",
          "title",
          "seasonNumber",
          "code"
        ],
        "properties": {
          "seriesId": {
            "type": "integer"
          },
          "title": {
            "type": "string"
          },
          "seasonNumber": {
            "type": "integer"
          },
          "episodeNumber": {
            "type": "integer"
          },
          "episodeId": {
            "type": "integer"
          },
          "code": {
            "type": "string"
          }
        }
      },
      "idUsed": {
        "type": "object",
        "required": [
          "value",
          "type"
        ],
        "properties": {
          "value": {
            "type": "integer"
          },
          "type": {
            "type": "string"
          }
        }
      },
      "approvedCount": {
        "type": "integer"
      },
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "required": [
            "guid",
            "indexerId",
            "indexer",
            "title",
            "quality",
            "sizeBytes",
            "protocol",
            "ageHours",
            "score",
            "approved",
            "rejections"
          ],
          "properties": {
            "guid": {
              "type": "string"
            },
            "indexerId": {
              "type": "integer"
            },
            "indexer": {
              "type": "string"
            },
            "title": {
              "type": "string"
            },
            "quality": {
              "type": "string"
            },
            "sizeBytes": {
              "type": "number"
            },
            "seeders": {
              "type": "integer"
            },
            "leechers": {
              "type": "integer"
            },
            "protocol": {
              "type": "string"
            },
            "ageHours": {
              "type": "number"
            },
            "score": {
              "type": "integer"
            },
            "approved": {
              "type": "boolean"
            },
            "rejections": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "releaseGroup": {
              "type": "string"
            },
            "fullSeason": {
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
    "title": "List releases for an episode or season",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": true
  }
}
`
