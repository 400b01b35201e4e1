/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > search_media > search_media as published in tools/list 1`] = `
{
  "name": "search_media",
  "title": "Search the media library",
  "description": "Searches or lists the media server library (movies, series, seasons, episodes, music); paged. Results carry the item id (for show_details, manage_library), kind, year, path and tvdb/tmdb/imdb ids. Use series_search/movie_search for titles not in it. Read-only.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "query": {
        "minLength": 1,
        "maxLength": 200,
        "description": "Title words; leave out to list",
        "type": "string"
      },
      "types": {
        "minItems": 1,
        "maxItems": 12,
        "uniqueItems": true,
        "default": [
          "Movie",
          "Series"
        ],
        "description": "Item kinds to include",
        "type": "array",
        "items": {
          "type": "string",
          "enum": [
            "Movie",
            "Series",
            "Season",
            "Episode",
            "MusicAlbum",
            "MusicArtist",
            "Audio",
            "MusicVideo",
            "Video",
            "BoxSet",
            "Book",
            "Playlist"
          ]
        }
      },
      "library": {
        "minLength": 1,
        "maxLength": 100,
        "description": "Only this library (name as server_status lists it)",
        "type": "string"
      },
      "sort": {
        "type": "string",
        "enum": [
          "name",
          "added",
          "released",
          "rating"
        ],
        "description": "Order (default: best match with query, else name)"
      },
      "offset": {
        "minimum": 0,
        "maximum": 100000,
        "default": 0,
        "description": "Results to skip (paging)",
        "type": "integer"
      },
      "limit": {
        "minimum": 1,
        "maximum": 100,
        "default": 20,
        "description": "Items per page",
        "type": "integer"
      },
      "includeOverview": {
        "default": false,
        "description": "Include a short plot summary with each result",
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
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "required": [
            "id",
            "name",
            "type",
            "providerIds"
          ],
          "properties": {
            "id": {
              "type": "string"
            },
            "name": {
              "type": "string"
            },
            "type": {
              "type": "string"
            },
            "year": {
              "type": "integer"
            },
            "path": {
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
            },
            "seriesName": {
              "type": "string"
            },
            "seriesId": {
              "type": "string"
            },
            "seasonNumber": {
              "type": "integer"
            },
            "episodeNumber": {
              "type": "integer"
            },
            "childCount": {
              "type": "integer"
            },
            "premiereDate": {
              "type": "string"
            },
            "overview": {
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
      "library": {
        "type": "string"
      }
    }
  },
  "annotations": {
    "title": "Search the media library",
    "readOnlyHint": true,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false
  }
}
`
