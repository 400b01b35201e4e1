/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > movie_status > movie_status as published in tools/list 1`] = `
{
  "name": "movie_status",
  "title": "Movie manager views",
  "description": "Read-only paged views of the movie manager (see view); queue rows give outputPath for movie_import.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "view": {
        "type": "string",
        "enum": [
          "library",
          "movie",
          "calendar",
          "missing",
          "queue",
          "stuck",
          "history",
          "upgrades"
        ],
        "description": "library; movie (with its file); calendar; missing (released, no file); queue; stuck (why, fix); history; upgrades (below cutoff, disk cost)."
      },
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
      "term": {
        "minLength": 1,
        "maxLength": 200,
        "description": "Title text: filters library, else picks the title (for id)",
        "type": "string"
      },
      "sort": {
        "description": "library: size = largest first",
        "const": "size",
        "type": "string"
      },
      "hasFile": {
        "description": "library: only movies with (true) or without a file",
        "type": "boolean"
      },
      "startDate": {
        "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}$",
        "description": "calendar: first day (YYYY-MM-DD; default today)",
        "type": "string"
      },
      "days": {
        "minimum": 1,
        "maximum": 366,
        "description": "calendar: days to cover (default 30)",
        "type": "integer"
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
        "maximum": 100,
        "default": 25,
        "description": "Items per page",
        "type": "integer"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "view",
      "items",
      "total",
      "offset",
      "limit",
      "hasMore"
    ],
    "properties": {
      "view": {
        "type": "string"
      },
      "idUsed": {
        "type": "object"
      },
      "items": {
        "type": "array",
        "items": {
          "anyOf": [
            {
              "type": "object",
              "required": [
                "kind",
                "movieId",
                "title",
                "status",
                "monitored",
                "qualityProfile",
                "hasFile"
              ],
              "properties": {
                "kind": {
                  "const": "movie"
                },
                "movieId": {
                  "type": "integer"
                },
                "tmdbId": {
                  "type": "integer"
                },
                "imdbId": {
                  "type": "string"
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
                "monitored": {
                  "type": "boolean"
                },
                "qualityProfile": {
                  "type": "string"
                },
                "minimumAvailability": {
                  "type": "string"
                },
                "path": {
                  "type": "string"
                },
                "hasFile": {
                  "type": "boolean"
                },
                "sizeOnDisk": {
                  "type": "number"
                },
                "filePath": {
                  "type": "string"
                },
                "fileQuality": {
                  "type": "string"
                },
                "inCinemas": {
                  "type": "string"
                },
                "digitalRelease": {
                  "type": "string"
                }
              }
            },
            {
              "type": "object",
              "required": [
                "kind",
                "queueId",
                "title",
                "status",
                "state",
                "protocol",
                "messages",
                "queueIds"
              ],
              "properties": {
                "kind": {
                  "const": "queue"
                },
                "queueId": {
                  "type": "integer"
                },
                "title": {
                  "type": "string"
                },
                "seriesId": {
                  "type": "integer"
                },
                "episodeId": {
                  "type": "integer"
                },
                "seasonNumber": {
                  "type": "integer"
                },
                "movieId": {
                  "type": "integer"
                },
                "status": {
                  "type": "string"
                },
                "state": {
                  "type": "string"
                },
                "progress": {
                  "type": "number"
                },
                "sizeBytes": {
                  "type": "number"
                },
                "sizeLeftBytes": {
                  "type": "number"
                },
                "timeLeft": {
                  "type": "string"
                },
                "protocol": {
                  "type": "string"
                },
                "downloadClient": {
                  "type": "string"
                },
                "indexer": {
                  "type": "string"
                },
                "quality": {
                  "type": "string"
                },
                "outputPath": {
                  "type": "string"
                },
                "downloadId": {
                  "type": "string"
                },
                "messages": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "queueIds": {
                  "type": "array",
                  "items": {
                    "type": "integer"
                  }
                },
                "instance": {
                  "type": "string"
                },
                "episodeIds": {
                  "type": "array"
                },
                "stuck": {
                  "type": "object"
                }
              }
            },
            {
              "type": "object",
              "required": [
                "kind",
                "historyId",
                "date",
                "eventType",
                "sourceTitle"
              ],
              "properties": {
                "kind": {
                  "const": "history"
                },
                "historyId": {
                  "type": "integer"
                },
                "date": {
                  "type": "string"
                },
                "eventType": {
                  "type": "string"
                },
                "sourceTitle": {
                  "type": "string"
                },
                "seriesId": {
                  "type": "integer"
                },
                "episodeId": {
                  "type": "integer"
                },
                "movieId": {
                  "type": "integer"
                },
                "quality": {
                  "type": "string"
                },
                "downloadId": {
                  "type": "string"
                }
              }
            },
            {
              "type": "object",
              "required": [
                "kind",
                "id",
                "title",
                "currentQuality",
                "wantedQuality",
                "fileBytes",
                "newBytes",
                "upgradeBytes",
                "sizeFrom"
              ],
              "properties": {
                "kind": {
                  "const": "upgrade"
                },
                "id": {
                  "type": "integer"
                },
                "title": {
                  "type": "string"
                },
                "episodeId": {
                  "type": "integer"
                },
                "seasonNumber": {
                  "type": "integer"
                },
                "episodeNumber": {
                  "type": "integer"
                },
                "currentQuality": {
                  "type": "string"
                },
                "wantedQuality": {
                  "type": "string"
                },
                "fileBytes": {
                  "type": "integer"
                },
                "newBytes": {
                  "type": "integer"
                },
                "upgradeBytes": {
                  "type": "integer"
                },
                "sizeFrom": {
                  "type": "string",
                  "enum": [
                    "release",
                    "estimate"
                  ]
                },
                "release": {
                  "type": "string"
                },
                "instance": {
                  "type": "string"
                }
              }
            }
          ]
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
      "missing": {
        "type": "array"
      },
      "parts": {
        "type": "array"
      },
      "next": {
        "type": "array"
      }
    }
  },
  "annotations": {
    "title": "Movie manager views",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
