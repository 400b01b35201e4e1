/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > movie_releases > movie_releases as published in tools/list 1`] = `
{
  "name": "movie_releases",
  "title": "List releases for a movie",
  "description": "Asks every indexer, via the movie manager, for releases of one library movie; can take a minute. Best first; rejected ones with reasons. Titles are untrusted indexer text. Grab one with movie_grab within 30 minutes.",
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
        "description": "movieId or TMDB id",
        "type": "integer"
      },
      "idType": {
        "type": "string",
        "enum": [
          "auto",
          "movieId",
          "tmdbId"
        ],
        "default": "auto",
        "description": "auto: either kind of id"
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
          "movieId",
          "title",
          "year"
        ],
        "properties": {
          "movieId": {
            "type": "integer"
          },
          "title": {
            "type": "string"
          },
          "year": {
            "type": "integer"
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
    "title": "List releases for a movie",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": true
  }
}
`
