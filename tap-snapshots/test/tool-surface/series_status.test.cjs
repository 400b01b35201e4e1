/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > series_status > series_status as published in tools/list 1`] = `
{
  "name": "series_status",
  "title": "Series manager views",
  "description": "Read-only paged views of the series manager (see view); queue rows give outputPath for series_import.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "view": {
        "type": "string",
        "enum": [
          "library",
          "series",
          "season",
          "calendar",
          "missing",
          "queue",
          "stuck",
          "history",
          "upgrades"
        ],
        "description": "library; series (seasons); season (episodes); calendar; missing (aired, no file); queue; stuck (why, fix); history; upgrades (below cutoff, disk cost)."
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
        "description": "Season for view \\"season\\" (0 = specials)",
        "type": "integer"
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
      "startDate": {
        "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}$",
        "description": "calendar: first day (YYYY-MM-DD; default today)",
        "type": "string"
      },
      "days": {
        "minimum": 1,
        "maximum": 90,
        "description": "calendar: days to cover (default 7)",
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
      "series": {
        "type": "object"
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
                "seriesId",
                "title",
                "status",
                "monitored",
                "qualityProfile",
                "seriesType",
                "seasonCount"
              ],
              "properties": {
                "kind": {
                  "const": "series"
                },
                "seriesId": {
                  "type": "integer"
                },
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
                "monitored": {
                  "type": "boolean"
                },
                "qualityProfile": {
                  "type": "string"
                },
                "seriesType": {
                  "type": "string"
                },
                "path": {
                  "type": "string"
                },
                "seasonCount": {
                  "type": "integer"
                },
                "episodeFileCount": {
                  "type": "integer"
                },
                "episodeCount": {
                  "type": "integer"
                },
                "totalEpisodeCount": {
                  "type": "integer"
                },
                "sizeOnDisk": {
                  "type": "number"
                }
              }
            },
            {
              "type": "object",
              "required": [
                "kind",
                "seasonNumber",
                "monitored"
              ],
              "properties": {
                "kind": {
                  "const": "season"
                },
                "seasonNumber": {
                  "type": "integer"
                },
                "monitored": {
                  "type": "boolean"
                },
                "episodeFileCount": {
                  "type": "integer"
                },
                "episodeCount": {
                  "type": "integer"
                },
                "totalEpisodeCount": {
                  "type": "integer"
                },
                "sizeOnDisk": {
                  "type": "number"
                }
              }
            },
            {
              "type": "object",
              "required": [
                "kind",
                "episodeId",
                "seriesId",
                "code",
                "seasonNumber",
                "episodeNumber",
                "title",
                "hasFile",
                "monitored"
              ],
              "properties": {
                "kind": {
                  "const": "episode"
                },
                "episodeId": {
                  "type": "integer"
                },
                "seriesId": {
                  "type": "integer"
                },
                "seriesTitle": {
                  "type": "string"
                },
                "code": {
                  "type": "string"
                },
                "seasonNumber": {
                  "type": "integer"
                },
                "episodeNumber": {
                  "type": "integer"
                },
                "title": {
                  "type": "string"
                },
                "airDateUtc": {
                  "type": "string"
                },
                "hasFile": {
                  "type": "boolean"
                },
                "monitored": {
                  "type": "boolean"
                },
                "filePath": {
                  "type": "string"
                },
                "fileSize": {
                  "type": "number"
                },
                "fileQuality": {
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
    "title": "Series manager views",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
