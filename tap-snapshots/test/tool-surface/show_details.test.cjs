/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > show_details > show_details as published in tools/list 1`] = `
{
  "name": "show_details",
  "title": "Series details",
  "description": "One series in the media server: title, year, status, folder, genres, catalogue ids, each season's episode count; with season, its episodes (title, air date, file), paged. Use search_media for the id. Read-only.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "required": [
      "seriesId"
    ],
    "properties": {
      "seriesId": {
        "pattern": "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[1-9][0-9]{0,11})$",
        "description": "Series id from search_media",
        "type": "string"
      },
      "season": {
        "minimum": 0,
        "maximum": 3000,
        "description": "Season whose episodes to list (0 = specials)",
        "type": "integer"
      },
      "offset": {
        "minimum": 0,
        "maximum": 10000,
        "default": 0,
        "description": "Episodes to skip (paging)",
        "type": "integer"
      },
      "limit": {
        "minimum": 1,
        "maximum": 200,
        "default": 100,
        "description": "Most episodes to return (1–200)",
        "type": "integer"
      }
    }
  },
  "outputSchema": {
    "type": "object",
    "required": [
      "series",
      "seasons"
    ],
    "properties": {
      "series": {
        "type": "object",
        "required": [
          "id",
          "name",
          "genres",
          "providerIds"
        ],
        "properties": {
          "id": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "year": {
            "type": "integer"
          },
          "status": {
            "type": "string"
          },
          "path": {
            "type": "string"
          },
          "genres": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "overview": {
            "type": "string"
          },
          "providerIds": {
            "type": "object",
            "properties": {
              "tvdb": {
                "type": "string"
              },
              "tmdb": {
                "type": "string"
              },
              "imdb": {
                "type": "string"
              }
            }
          }
        }
      },
      "seasons": {
        "type": "array",
        "items": {
          "type": "object",
          "required": [
            "id",
            "seasonNumber",
            "name"
          ],
          "properties": {
            "id": {
              "type": "string"
            },
            "seasonNumber": {
              "type": "integer"
            },
            "name": {
              "type": "string"
            },
            "episodeCount": {
              "type": "integer"
            },
            "path": {
              "type": "string"
            }
          }
        }
      },
      "episodes": {
        "type": "object"
      }
    }
  },
  "annotations": {
    "title": "Series details",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
