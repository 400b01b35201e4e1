/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > movie_search > movie_search as published in tools/list 1`] = `
{
  "name": "movie_search",
  "title": "Find (and add) a movie",
  "description": "Searches TMDB and the library at once; each match says if it is in the library (movieId). Add one by calling again with addTmdbId (refused with the choices if a profile or folder is needed); one already in gets its options updated. Browse with movie_status, pick a release with movie_releases.",
  "inputSchema": {
    "additionalProperties": false,
    "type": "object",
    "properties": {
      "term": {
        "minLength": 1,
        "maxLength": 200,
        "description": "Title, \\"tmdb:<id>\\" or \\"imdb:tt…\\" (unless addTmdbId)",
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
      "addTmdbId": {
        "minimum": 1,
        "description": "TMDB id to add (or update)",
        "type": "integer"
      },
      "qualityProfile": {
        "minLength": 1,
        "maxLength": 100,
        "description": "Quality profile (name or id) for addTmdbId",
        "type": "string"
      },
      "rootFolder": {
        "minLength": 1,
        "maxLength": 500,
        "description": "Root folder for addTmdbId, e.g. \\"/data/movies\\"",
        "type": "string"
      },
      "monitor": {
        "type": "string",
        "enum": [
          "movieOnly",
          "movieAndCollection",
          "none"
        ],
        "description": "What to monitor for addTmdbId"
      },
      "minimumAvailability": {
        "type": "string",
        "enum": [
          "announced",
          "inCinemas",
          "released"
        ],
        "description": "When to start looking for releases"
      },
      "tags": {
        "maxItems": 10,
        "description": "Existing tags for addTmdbId",
        "type": "array",
        "items": {
          "minLength": 1,
          "maxLength": 100,
          "type": "string"
        }
      },
      "searchForMovie": {
        "default": false,
        "description": "With addTmdbId: search for it now",
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
            "tmdbId",
            "title",
            "year",
            "status",
            "inLibrary"
          ],
          "properties": {
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
            "studio": {
              "type": "string"
            },
            "overview": {
              "type": "string"
            },
            "inLibrary": {
              "type": "boolean"
            },
            "movieId": {
              "type": "integer"
            },
            "hasFile": {
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
    "title": "Find (and add) a movie",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": true
  }
}
`
