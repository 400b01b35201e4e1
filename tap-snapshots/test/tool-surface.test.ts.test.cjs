/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot > the published tool surface (regenerate with TAP_SNAPSHOT=1 when a change is intended) 1`] = `
[
  {
    "name": "server_status",
    "title": "Media server status",
    "description": "Media server (Jellyfin) overview: version, libraries with counts and folders, media-root disk use, sessions of the last 15 min and what plays, users. Use it first to see whether the server is up; titles: search_media; one series: show_details; events: activity_log. Read-only.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {}
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "server": {
          "type": "object"
        },
        "libraries": {
          "type": "array"
        },
        "disk": {
          "type": "object"
        },
        "diskError": {
          "type": "string"
        },
        "lowDisk": {
          "type": "array"
        },
        "sessions": {
          "type": "array"
        },
        "users": {
          "type": "array"
        },
        "notAnswered": {
          "type": "array"
        }
      }
    },
    "annotations": {
      "title": "Media server status",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
  {
    "name": "activity_log",
    "title": "Media server activity",
    "description": "Newest first. view \\"media\\": Jellyfin events (sign-ins, failed logins, playback, scans, task failures, plugin updates, deletions). view \\"server\\": who changed what here. Use server_status for live state. Read-only.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "view": {
          "type": "string",
          "enum": [
            "media",
            "server"
          ],
          "default": "media",
          "description": "media or server log"
        },
        "principal": {
          "maxLength": 200,
          "description": "server view: client or bot user",
          "type": "string"
        },
        "tool": {
          "maxLength": 64,
          "description": "server view: tool",
          "type": "string"
        },
        "sinceHours": {
          "minimum": 1,
          "maximum": 2160,
          "description": "Last N hours",
          "type": "integer"
        },
        "since": {
          "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}(?:[T ]\\\\d{2}:\\\\d{2}(?::\\\\d{2}(?:\\\\.\\\\d+)?)?(?:Z|[+-]\\\\d{2}:?\\\\d{2})?)?$",
          "description": "Since (ISO 8601)",
          "type": "string"
        },
        "minSeverity": {
          "type": "string",
          "enum": [
            "all",
            "Warning",
            "Error"
          ],
          "default": "all",
          "description": "This severity or worse"
        },
        "offset": {
          "minimum": 0,
          "maximum": 10000,
          "default": 0,
          "description": "Entries to skip (paging)",
          "type": "integer"
        },
        "limit": {
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Items per page",
          "type": "integer"
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
        "hasMore",
        "scanLimited"
      ],
      "properties": {
        "items": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "date",
              "severity",
              "type",
              "name"
            ],
            "properties": {
              "id": {
                "type": "integer"
              },
              "date": {
                "type": "string"
              },
              "severity": {
                "type": "string"
              },
              "type": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "detail": {
                "type": "string"
              },
              "itemId": {
                "type": "string"
              },
              "principal": {
                "type": "string"
              },
              "outcome": {
                "type": "string"
              },
              "arguments": {},
              "targets": {},
              "jobId": {
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
        "scanLimited": {
          "type": "boolean"
        }
      }
    },
    "annotations": {
      "title": "Media server activity",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
  {
    "name": "search_media",
    "title": "Search the media library",
    "description": "Searches or lists the media server library (movies, series, seasons, episodes, music); paged. Results carry the item id, kind, year, path and tvdb/tmdb/imdb ids. Use it to check what is in the library and get ids for show_details and manage_library; series_search/movie_search for titles not in it. Read-only.",
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
  },
  {
    "name": "show_details",
    "title": "Series details",
    "description": "One series in the media server: title, year, status, folder, genres, catalogue ids, each season's episode count; with season, its episodes (title, air date, file), paged. Use search_media for the id; monitoring and missing episodes: the series manager tools. Read-only.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "seriesId"
      ],
      "properties": {
        "seriesId": {
          "pattern": "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$",
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
  },
  {
    "name": "manage_library",
    "title": "Manage media server libraries",
    "description": "Changes what the media server indexes: scan all libraries after files changed outside the managers, create a library over a media-root folder, or refresh one item's metadata. Runs in the background: follow with activity_log. Deletes nothing; use server_status for libraries.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "action"
      ],
      "properties": {
        "action": {
          "type": "string",
          "enum": [
            "scan",
            "create",
            "refresh"
          ],
          "description": "scan, create (needs name, path, collectionType) or refresh (needs itemId)"
        },
        "name": {
          "minLength": 1,
          "maxLength": 64,
          "description": "create: library name (no slashes)",
          "type": "string"
        },
        "path": {
          "minLength": 1,
          "maxLength": 1024,
          "description": "create: existing folder in the media root",
          "type": "string"
        },
        "collectionType": {
          "type": "string",
          "enum": [
            "movies",
            "tvshows",
            "music",
            "mixed"
          ],
          "description": "create: content type (tvshows for series and anime)"
        },
        "itemId": {
          "pattern": "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$",
          "description": "refresh: item id from search_media",
          "type": "string"
        },
        "replaceMetadata": {
          "default": false,
          "description": "refresh: replace all metadata, not only fill gaps",
          "type": "boolean"
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "action",
        "started",
        "next"
      ],
      "properties": {
        "action": {
          "type": "string"
        },
        "started": {
          "type": "boolean"
        },
        "library": {
          "type": "object"
        },
        "item": {
          "type": "object"
        },
        "next": {
          "type": "string"
        }
      }
    },
    "annotations": {
      "title": "Manage media server libraries",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false,
      "openWorldHint": false
    }
  },
  {
    "name": "manage_files",
    "title": "Manage library files",
    "description": "Files and folders under the media and downloads roots: list (paged); move (background job, never overwrites, undoable); delete (preview + confirmToken; season folders stay); undo a move or rename job. Roots and library top folders are never moved or deleted.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "action"
      ],
      "properties": {
        "action": {
          "type": "string",
          "enum": [
            "list",
            "move",
            "delete",
            "undo"
          ],
          "description": "list (path), move (paths, destination), delete (paths) or undo (jobId)"
        },
        "path": {
          "minLength": 1,
          "maxLength": 4096,
          "description": "list: folder or file, e.g. \\"tv/Show\\" or \\"downloads/x\\"",
          "type": "string"
        },
        "paths": {
          "minItems": 1,
          "maxItems": 200,
          "description": "move/delete: the files or folders",
          "type": "array",
          "items": {
            "minLength": 1,
            "maxLength": 4096,
            "type": "string"
          }
        },
        "destination": {
          "minLength": 1,
          "maxLength": 4096,
          "description": "move: target folder, or one item's new path (keeping its extension)",
          "type": "string"
        },
        "createFolder": {
          "default": false,
          "description": "move: create destination as a folder",
          "type": "boolean"
        },
        "recursive": {
          "default": false,
          "description": "list: everything below, not only direct contents",
          "type": "boolean"
        },
        "offset": {
          "minimum": 0,
          "default": 0,
          "description": "list: how many entries to skip (paging)",
          "type": "integer"
        },
        "limit": {
          "minimum": 1,
          "maximum": 500,
          "default": 100,
          "description": "list: page size",
          "type": "integer"
        },
        "jobId": {
          "minLength": 1,
          "maxLength": 64,
          "description": "undo: id of the move or rename job",
          "type": "string"
        },
        "waitSeconds": {
          "minimum": 0,
          "maximum": 120,
          "default": 20,
          "description": "move/undo: seconds to wait for the job",
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
        "action": {
          "type": "string"
        },
        "items": {
          "type": "array"
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
        "job": {
          "type": "object"
        },
        "deleted": {
          "type": "array"
        },
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Manage library files",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false,
      "openWorldHint": false
    },
    "execution": {
      "taskSupport": "optional"
    }
  },
  {
    "name": "rename_episodes",
    "title": "Rename episodes to the standard scheme",
    "description": "Renames a show's episode files (and subtitles) to \\"Show - S01E02.ext\\" in \\"Season 01\\" folders, reading S01E02, 1x02 or \\"Season 1 Episode 2\\" names. dryRun (default) returns the plan and collisions; dryRun:false runs it as a job, all or nothing, never overwriting; undo or move folders with manage_files.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "path"
      ],
      "properties": {
        "path": {
          "minLength": 1,
          "maxLength": 4096,
          "description": "Show folder (e.g. \\"tv/Show\\") or one season folder",
          "type": "string"
        },
        "showName": {
          "minLength": 1,
          "maxLength": 200,
          "description": "Show name in file names (default: folder name)",
          "type": "string"
        },
        "dryRun": {
          "default": true,
          "description": "true: only show the plan; false: apply it as a job",
          "type": "boolean"
        },
        "waitSeconds": {
          "minimum": 0,
          "maximum": 120,
          "default": 20,
          "description": "Seconds to wait for the job",
          "type": "integer"
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "showFolder",
        "showName",
        "dryRun",
        "renameCount",
        "renames",
        "unchanged",
        "unmatched",
        "collisions"
      ],
      "properties": {
        "showFolder": {
          "type": "string"
        },
        "showName": {
          "type": "string"
        },
        "dryRun": {
          "type": "boolean"
        },
        "renameCount": {
          "type": "integer"
        },
        "renames": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "from",
              "to"
            ],
            "properties": {
              "from": {
                "type": "string"
              },
              "to": {
                "type": "string"
              }
            }
          }
        },
        "unchanged": {
          "type": "integer"
        },
        "unmatched": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "collisions": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "target",
              "sources",
              "reason"
            ],
            "properties": {
              "target": {
                "type": "string"
              },
              "sources": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "reason": {
                "type": "string"
              }
            }
          }
        },
        "job": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Rename episodes to the standard scheme",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    },
    "execution": {
      "taskSupport": "optional"
    }
  },
  {
    "name": "get_library_state",
    "title": "Library state snapshot",
    "description": "Where a title stands, each fact apart: ready to watch (the media server lists it), video files in the library folders, files in a manager, monitored, downloading and how far, import blocked. A backend that is down shows available:false and why, and the facts it alone could tell are absent (unknown). Without title: per top folder the titles, files by kind and size. Read-only. Details: the series/movie tools; files: manage_files.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "title": {
          "minLength": 1,
          "maxLength": 200,
          "description": "Title; omit for the library summary",
          "type": "string"
        },
        "kind": {
          "type": "string",
          "enum": [
            "any",
            "series",
            "movie"
          ],
          "default": "any",
          "description": "Restrict the title lookup to series or movies"
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "mode"
      ],
      "properties": {
        "mode": {
          "type": "string"
        },
        "folders": {
          "type": "array"
        },
        "title": {
          "type": "string"
        },
        "readyToWatch": {
          "type": "boolean"
        },
        "filesOnDisk": {
          "type": "boolean"
        },
        "managerHasFiles": {
          "type": "boolean"
        },
        "knownToManagers": {
          "type": "boolean"
        },
        "monitored": {
          "type": "boolean"
        },
        "downloading": {
          "type": "boolean"
        },
        "downloadProgress": {
          "type": "number"
        },
        "importBlocked": {
          "type": "boolean"
        },
        "mediaServer": {
          "type": "object"
        },
        "seriesManager": {
          "type": "object"
        },
        "movieManager": {
          "type": "object"
        },
        "torrents": {
          "type": "object"
        },
        "directDownloads": {
          "type": "object"
        },
        "disk": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Library state snapshot",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
  {
    "name": "fix_subtitles",
    "title": "Convert ASS/SSA subtitles to SRT",
    "description": "Converts ASS/SSA subtitle tracks in MKV files to SRT (other tracks kept; styling lost, italics kept) for players that cannot render ASS. Preview + confirmToken, then a background job (check_jobs); each file is verified in a temp copy before it replaces the original. optimize_media removes languages.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "path"
      ],
      "properties": {
        "path": {
          "minLength": 1,
          "maxLength": 4096,
          "description": "MKV file or folder (recursive, at most 500 files)",
          "type": "string"
        },
        "languages": {
          "maxItems": 20,
          "description": "Only tracks in these languages (ISO 639); default all",
          "type": "array",
          "items": {
            "pattern": "^[a-z]{2,3}$",
            "type": "string"
          }
        },
        "waitSeconds": {
          "minimum": 0,
          "maximum": 120,
          "default": 20,
          "description": "Seconds to wait for the job",
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
        "converted": {
          "type": "array"
        },
        "skipped": {
          "type": "array"
        },
        "job": {
          "type": "object"
        },
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Convert ASS/SSA subtitles to SRT",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true,
      "openWorldHint": false
    },
    "execution": {
      "taskSupport": "optional"
    }
  },
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
  },
  {
    "name": "series_status",
    "title": "Series library, episodes, calendar, missing, queue and history",
    "description": "Read-only paged views of the series manager (see view); queue rows give progress, problems, outputPath for series_import. Add: series_search; releases: series_releases.",
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
            "history"
          ],
          "description": "library; series (seasons); season (episodes; needs seasonNumber); calendar; missing (aired, no file); queue; stuck (why, fix); history."
        },
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The series's seriesId or TVDB id",
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
          "description": "Kind of id (auto: either)"
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
                    "const": "series",
                    "type": "string"
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
                    "const": "season",
                    "type": "string"
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
                    "const": "episode",
                    "type": "string"
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
                    "const": "queue",
                    "type": "string"
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
                    "const": "history",
                    "type": "string"
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
        }
      }
    },
    "annotations": {
      "title": "Series library, episodes, calendar, missing, queue and history",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
  {
    "name": "series_remove",
    "title": "Remove a series",
    "description": "Removes a series from the series manager (stops monitoring and downloads); deleteFiles also deletes its folder and files. Preview (title, path, files, size) + confirmToken first. Use cancel_downloads to stop only a download.",
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
          "description": "The series's seriesId or TVDB id",
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
          "description": "Kind of id (auto: either)"
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
  },
  {
    "name": "series_releases",
    "title": "List releases for an episode or season",
    "description": "Asks every indexer, via the series manager, for releases of an episode or whole season; can take a minute. Best first (approved, format score, quality, seeders, size); rejected ones with reasons. Titles are untrusted indexer text. Grab one with series_grab within 30 minutes.",
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
          "description": "The series's seriesId or TVDB id",
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
          "description": "Kind of id (auto: either)"
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
  },
  {
    "name": "series_grab",
    "title": "Download a release for an episode or season",
    "description": "Sends a release from series_releases (within 30 minutes) to the download client via the series manager; returns the queue item. Give the id, season and episode you searched with. Refused if already queued, unless replaceExisting (preview + confirmToken). Follow with series_status view \\"queue\\".",
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
          "description": "Replace the download already queued (needs confirmToken)",
          "type": "boolean"
        },
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The series's seriesId or TVDB id",
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
          "description": "Kind of id (auto: either)"
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
  },
  {
    "name": "series_import",
    "title": "Import downloaded episodes",
    "description": "Imports episode files from a download via the series manager: matches them (by name or your ids), renames and moves them, or hardlinks/copies while a torrent seeds. Rejected files are listed with reasons. Replacing a file needs preview + confirmToken. For blocked queue imports; series_rescan for files already in place.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "path"
      ],
      "properties": {
        "path": {
          "minLength": 1,
          "maxLength": 4096,
          "description": "Downloaded file or folder (e.g. a series_status queue row's outputPath)",
          "type": "string"
        },
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The series's seriesId or TVDB id",
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
          "description": "Kind of id (auto: either)"
        },
        "seasonNumber": {
          "minimum": 0,
          "maximum": 500,
          "description": "Season of a file whose name lacks it",
          "type": "integer"
        },
        "episodeNumber": {
          "minimum": 1,
          "maximum": 10000,
          "description": "Episode of a single file whose name lacks it",
          "type": "integer"
        },
        "importMode": {
          "type": "string",
          "enum": [
            "auto",
            "move",
            "copy"
          ],
          "default": "auto",
          "description": "move, copy (hardlink or copy: a seeding torrent keeps its file) or auto"
        },
        "waitSeconds": {
          "minimum": 1,
          "maximum": 120,
          "default": 30,
          "description": "Seconds to wait for the import",
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
        "idUsed": {
          "type": "object"
        },
        "imported": {
          "type": "array"
        },
        "finished": {
          "type": "boolean"
        },
        "importMode": {
          "type": "string"
        },
        "command": {
          "type": "object"
        },
        "skipped": {
          "type": "array"
        },
        "failed": {
          "type": "array"
        },
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Import downloaded episodes",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false,
      "openWorldHint": false
    }
  },
  {
    "name": "series_rescan",
    "title": "Rescan series folders",
    "description": "Makes the series manager rescan one series' folder (id) or all, picking up files changed by hand; waits up to waitSeconds. Use series_import for new downloads.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The series's seriesId or TVDB id",
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
          "description": "Kind of id (auto: either)"
        },
        "waitSeconds": {
          "minimum": 0,
          "maximum": 60,
          "default": 15,
          "description": "Seconds to wait for the rescan (0: return at once)",
          "type": "integer"
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "scope",
        "command",
        "finished"
      ],
      "properties": {
        "scope": {
          "type": "string"
        },
        "seriesId": {
          "type": "integer"
        },
        "title": {
          "type": "string"
        },
        "idUsed": {
          "type": "object"
        },
        "command": {
          "type": "object",
          "required": [
            "id",
            "name",
            "status"
          ],
          "properties": {
            "id": {
              "type": "integer"
            },
            "name": {
              "type": "string"
            },
            "status": {
              "type": "string"
            },
            "message": {
              "type": "string"
            }
          }
        },
        "finished": {
          "type": "boolean"
        }
      }
    },
    "annotations": {
      "title": "Rescan series folders",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
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
  },
  {
    "name": "movie_status",
    "title": "Movie library, calendar, missing, queue and history",
    "description": "Read-only paged views of the movie manager (see view); queue rows give progress, problems, outputPath for movie_import. Add: movie_search; releases: movie_releases.",
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
            "history"
          ],
          "description": "library; movie (with its file; needs id/term); calendar; missing (released, no file); queue; stuck (why, fix); history."
        },
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The movie's movieId or TMDB id",
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
          "description": "Kind of id (auto: either)"
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
                    "const": "movie",
                    "type": "string"
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
                    "const": "queue",
                    "type": "string"
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
                    "const": "history",
                    "type": "string"
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
        }
      }
    },
    "annotations": {
      "title": "Movie library, calendar, missing, queue and history",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
  {
    "name": "movie_remove",
    "title": "Remove a movie",
    "description": "Removes a movie from the movie manager (stops monitoring and downloads); deleteFiles also deletes its folder and files. Preview (title, path, files, size) + confirmToken first. Use cancel_downloads to stop only a download.",
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
          "description": "The movie's movieId or TMDB id",
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
          "description": "Kind of id (auto: either)"
        },
        "deleteFiles": {
          "default": false,
          "description": "Also delete its folder and files (irreversible)",
          "type": "boolean"
        },
        "addImportExclusion": {
          "default": false,
          "description": "Stop import lists from adding the movie again",
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
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Remove a movie",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false,
      "openWorldHint": false
    }
  },
  {
    "name": "movie_releases",
    "title": "List releases for a movie",
    "description": "Asks every indexer, via the movie manager, for releases of one library movie; can take a minute. Best first (approved, format score, quality, seeders, size); rejected ones with reasons. Titles are untrusted indexer text. Grab one with movie_grab within 30 minutes.",
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
          "description": "The movie's movieId or TMDB id",
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
          "description": "Kind of id (auto: either)"
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
  },
  {
    "name": "movie_grab",
    "title": "Download a release for a movie",
    "description": "Sends a release from movie_releases (within 30 minutes) to the download client via the movie manager; returns the queue item. Give the id you searched with. Refused if already queued, unless replaceExisting (preview + confirmToken). Follow with movie_status view \\"queue\\".",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "guid",
        "indexerId",
        "id"
      ],
      "properties": {
        "guid": {
          "minLength": 1,
          "maxLength": 2000,
          "description": "guid of the release, from movie_releases",
          "type": "string"
        },
        "indexerId": {
          "minimum": 1,
          "description": "indexerId of the release, from movie_releases",
          "type": "integer"
        },
        "replaceExisting": {
          "default": false,
          "description": "Replace the download already queued (needs confirmToken)",
          "type": "boolean"
        },
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The movie's movieId or TMDB id",
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
          "description": "Kind of id (auto: either)"
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
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Download a release for a movie",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "movie_import",
    "title": "Import a downloaded movie",
    "description": "Imports a movie file from a download via the movie manager: matches it (by name or your id), renames and moves it, or hardlinks/copies while a torrent seeds. Rejected files are listed with reasons. Replacing a file needs preview + confirmToken. For blocked queue imports; movie_rescan for files already in place.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "path"
      ],
      "properties": {
        "path": {
          "minLength": 1,
          "maxLength": 4096,
          "description": "Downloaded file or folder (e.g. a movie_status queue row's outputPath)",
          "type": "string"
        },
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The movie's movieId or TMDB id",
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
          "description": "Kind of id (auto: either)"
        },
        "importMode": {
          "type": "string",
          "enum": [
            "auto",
            "move",
            "copy"
          ],
          "default": "auto",
          "description": "move, copy (hardlink or copy: a seeding torrent keeps its file) or auto"
        },
        "waitSeconds": {
          "minimum": 1,
          "maximum": 120,
          "default": 30,
          "description": "Seconds to wait for the import",
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
        "idUsed": {
          "type": "object"
        },
        "imported": {
          "type": "array"
        },
        "finished": {
          "type": "boolean"
        },
        "importMode": {
          "type": "string"
        },
        "command": {
          "type": "object"
        },
        "skipped": {
          "type": "array"
        },
        "failed": {
          "type": "array"
        },
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Import a downloaded movie",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false,
      "openWorldHint": false
    }
  },
  {
    "name": "movie_rescan",
    "title": "Rescan movie folders",
    "description": "Makes the movie manager rescan one movie's folder (id) or all, picking up files changed by hand; waits up to waitSeconds. Use movie_import for new downloads.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "id": {
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The movie's movieId or TMDB id",
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
          "description": "Kind of id (auto: either)"
        },
        "waitSeconds": {
          "minimum": 0,
          "maximum": 60,
          "default": 15,
          "description": "Seconds to wait for the rescan (0: return at once)",
          "type": "integer"
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "scope",
        "command",
        "finished"
      ],
      "properties": {
        "scope": {
          "type": "string"
        },
        "movieId": {
          "type": "integer"
        },
        "title": {
          "type": "string"
        },
        "idUsed": {
          "type": "object"
        },
        "command": {
          "type": "object",
          "required": [
            "id",
            "name",
            "status"
          ],
          "properties": {
            "id": {
              "type": "integer"
            },
            "name": {
              "type": "string"
            },
            "status": {
              "type": "string"
            },
            "message": {
              "type": "string"
            }
          }
        },
        "finished": {
          "type": "boolean"
        }
      }
    },
    "annotations": {
      "title": "Rescan movie folders",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
  {
    "name": "download_add",
    "title": "Add links to the direct-download manager",
    "description": "Queues direct links (file hosters, plain files) as one package in the direct-download manager. Only public http/https links; one refused link queues nothing. Use download_direct for one file or video page, the series/movie tools for releases. Follow with download_status, which also organizes it when done.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "name",
        "links"
      ],
      "properties": {
        "name": {
          "minLength": 1,
          "maxLength": 200,
          "description": "Package and folder name (no \\"/\\")",
          "type": "string"
        },
        "links": {
          "minItems": 1,
          "maxItems": 50,
          "description": "Public http/https links",
          "type": "array",
          "items": {
            "minLength": 8,
            "maxLength": 2048,
            "description": "A public http(s) link",
            "type": "string"
          }
        },
        "destination": {
          "type": "string",
          "enum": [
            "queue",
            "collector"
          ],
          "default": "queue",
          "description": "queue (start) or collector (keep for later)"
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "packageId",
        "name",
        "links",
        "destination"
      ],
      "properties": {
        "packageId": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "links": {
          "type": "integer"
        },
        "destination": {
          "type": "string"
        }
      }
    },
    "annotations": {
      "title": "Add links to the direct-download manager",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "download_status",
    "title": "Download queue, finished packages, organize",
    "description": "Downloads: the direct-download, torrent and series/movie manager queues merged (progress, speed, time left), finished packages, or organize a finished package into a library folder (background job; never overwrites; removes nothing until the copy is verified). Paged. cancel_downloads cancels; the managers import their own torrents.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "action": {
          "type": "string",
          "enum": [
            "queue",
            "finished",
            "organize"
          ],
          "default": "queue",
          "description": "queue (downloaders, managers), finished, or organize (needs packageId, destination)"
        },
        "packageId": {
          "minimum": 1,
          "description": "organize: package id from finished",
          "type": "integer"
        },
        "destination": {
          "minLength": 1,
          "maxLength": 1024,
          "description": "organize: library folder, e.g. \\"movies/Heat (1995)\\"",
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
        "action",
        "warnings"
      ],
      "properties": {
        "action": {
          "type": "string"
        },
        "items": {
          "type": "array"
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
        "warnings": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "job": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Download queue, finished packages, organize",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false,
      "openWorldHint": false
    },
    "execution": {
      "taskSupport": "optional"
    }
  },
  {
    "name": "download_direct",
    "title": "Download a URL (video page or file) and organize it",
    "description": "Downloads one public URL with this server's tools: a video page (yt-dlp) or a file (aria2), then moves it into destination if given (never overwriting). A background job: check_jobs shows the saved files. Use download_add for file hosters, the series/movie tools for releases.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "url"
      ],
      "properties": {
        "url": {
          "minLength": 8,
          "maxLength": 2048,
          "description": "Public http(s) URL of a video page or a file",
          "type": "string"
        },
        "method": {
          "type": "string",
          "enum": [
            "auto",
            "video",
            "file"
          ],
          "default": "auto",
          "description": "video (yt-dlp), file (aria2) or auto (file for file-like links)"
        },
        "destination": {
          "minLength": 1,
          "maxLength": 1024,
          "description": "Library folder to move it into (default: stays in downloads)",
          "type": "string"
        },
        "fileName": {
          "minLength": 1,
          "maxLength": 200,
          "description": "file: name to save as (default from the URL)",
          "type": "string"
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "method",
        "downloadFolder",
        "job"
      ],
      "properties": {
        "method": {
          "type": "string"
        },
        "downloadFolder": {
          "type": "string"
        },
        "job": {
          "type": "object",
          "required": [
            "id",
            "status",
            "description"
          ],
          "properties": {
            "id": {
              "type": "string"
            },
            "status": {
              "type": "string"
            },
            "description": {
              "type": "string"
            },
            "estimatedDurationMs": {
              "type": "integer"
            }
          }
        }
      }
    },
    "annotations": {
      "title": "Download a URL (video page or file) and organize it",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false,
      "openWorldHint": true
    },
    "execution": {
      "taskSupport": "optional"
    }
  },
  {
    "name": "cancel_downloads",
    "title": "List, cancel or de-duplicate downloads",
    "description": "The managers' download queues and the torrent client: list (paged), cancel ids (a manager removes the whole download, e.g. a season pack), retry stuck ones, or purge duplicates keeping the most advanced. All but list: preview + confirmToken first. Progress: download_status.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "action": {
          "type": "string",
          "enum": [
            "list",
            "cancel",
            "retry",
            "purge_duplicates"
          ],
          "default": "list",
          "description": "list, cancel (ids), retry (ids: remove, blocklist, search again; strike-limited) or purge_duplicates"
        },
        "source": {
          "type": "string",
          "enum": [
            "all",
            "series",
            "movies",
            "torrents"
          ],
          "default": "all",
          "description": "Which queues to look at"
        },
        "ids": {
          "maxItems": 100,
          "default": [],
          "description": "cancel/retry: ids from list",
          "type": "array",
          "items": {
            "pattern": "^(series|movies):\\\\d{1,10}$|^torrent:[0-9a-f]{40}$",
            "description": "From list: series:<n>, movies:<n> or torrent:<hash>",
            "type": "string"
          }
        },
        "deleteFiles": {
          "default": true,
          "description": "Also delete the data of removed downloads",
          "type": "boolean"
        },
        "blocklist": {
          "default": false,
          "description": "Manager items: never grab this release again",
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
          "maximum": 100,
          "default": 25,
          "description": "Items per page",
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
        "action": {
          "type": "string"
        },
        "items": {
          "type": "array"
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
        "removed": {
          "type": "array"
        },
        "failed": {
          "type": "array"
        },
        "warnings": {
          "type": "array"
        },
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "List, cancel or de-duplicate downloads",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false,
      "openWorldHint": false
    }
  },
  {
    "name": "optimize_media",
    "title": "Analyze and strip media tracks",
    "description": "Audio and subtitle tracks of MKV/MP4 files: analyze (read-only) or strip unwanted languages without re-encoding (preview + confirmToken, then a background job, check_jobs). A file never loses all audio; each is verified in a temp copy before it replaces the original. fix_subtitles converts ASS to SRT.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "required": [
        "action",
        "path"
      ],
      "properties": {
        "action": {
          "type": "string",
          "enum": [
            "analyze",
            "strip"
          ],
          "description": "analyze (read-only) or strip"
        },
        "path": {
          "minLength": 1,
          "maxLength": 4096,
          "description": "MKV/MP4 file or folder (recursive, at most 500 files)",
          "type": "string"
        },
        "audioLanguages": {
          "maxItems": 20,
          "default": [],
          "description": "Audio languages to keep (ISO 639); empty keeps all",
          "type": "array",
          "items": {
            "pattern": "^[a-z]{2,3}$",
            "type": "string"
          }
        },
        "subtitleLanguages": {
          "maxItems": 20,
          "default": [],
          "description": "Subtitle languages to keep; empty keeps all",
          "type": "array",
          "items": {
            "pattern": "^[a-z]{2,3}$",
            "type": "string"
          }
        },
        "keepUndetermined": {
          "default": true,
          "description": "Keep tracks without a language tag",
          "type": "boolean"
        },
        "waitSeconds": {
          "minimum": 0,
          "maximum": 120,
          "default": 20,
          "description": "strip: seconds to wait for the job",
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
        "action": {
          "type": "string"
        },
        "files": {
          "type": "array"
        },
        "fileCount": {
          "type": "integer"
        },
        "unchanged": {
          "type": "array"
        },
        "refused": {
          "type": "array"
        },
        "job": {
          "type": "object"
        },
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Analyze and strip media tracks",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true,
      "openWorldHint": false
    },
    "execution": {
      "taskSupport": "optional"
    }
  },
  {
    "name": "cleanup_server",
    "title": "Clean up leftovers",
    "description": "Frees space, removing only what is proved unneeded: our temp leftovers, torrents whose data is gone (entry only), old download leftovers nothing refers to, media server caches (its tasks), ghost manager entries (folder gone; files untouched); if named, watched: titles all users watched, no favourite or keep tag, marked leaving soon first, then deleted via their manager. Preview + confirmToken; the confirm acts on exactly that list.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "categories": {
          "minItems": 1,
          "maxItems": 6,
          "default": [
            "temp",
            "orphanedTorrents",
            "downloadLeftovers",
            "caches",
            "ghostEntries"
          ],
          "description": "Categories (default all but watched)",
          "type": "array",
          "items": {
            "type": "string",
            "enum": [
              "temp",
              "orphanedTorrents",
              "downloadLeftovers",
              "caches",
              "ghostEntries",
              "watched"
            ]
          }
        },
        "olderThanHours": {
          "minimum": 0,
          "maximum": 8760,
          "default": 24,
          "description": "Minimum age of temp and leftovers",
          "type": "integer"
        },
        "watchedDays": {
          "minimum": 0,
          "maximum": 3650,
          "default": 90,
          "description": "watched: days since last play",
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
        "removed": {
          "type": "array"
        },
        "skipped": {
          "type": "array"
        },
        "failed": {
          "type": "array"
        },
        "bytesFreed": {
          "type": "number"
        },
        "confirmation": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Clean up leftovers",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true,
      "openWorldHint": false
    }
  },
  {
    "name": "check_jobs",
    "title": "Check background jobs",
    "description": "Background jobs tools start (moves, renames, media processing, downloads). With id (a jobId a tool returned): that job, or cancel it; without: a page, newest first, filtered by status, kind or mine. Each has status, progress, result or error; finished jobs stay a day.",
    "inputSchema": {
      "additionalProperties": false,
      "type": "object",
      "properties": {
        "id": {
          "pattern": "^[A-Za-z0-9_-]{8,64}$",
          "description": "A jobId; leave out to list jobs",
          "type": "string"
        },
        "status": {
          "type": "string",
          "enum": [
            "all",
            "active",
            "finished",
            "queued",
            "running",
            "succeeded",
            "failed",
            "cancelled",
            "interrupted"
          ],
          "default": "all",
          "description": "Only jobs in this state (active = queued or running)"
        },
        "kind": {
          "type": "string",
          "enum": [
            "file-move",
            "media-process",
            "direct-download",
            "organize-download"
          ],
          "description": "Only: file-move (manage_files, rename_episodes), media-process (optimize_media, fix_subtitles), direct-download (download_direct), organize-download (download_status)"
        },
        "mine": {
          "default": false,
          "description": "Only jobs of this credential",
          "type": "boolean"
        },
        "cancel": {
          "default": false,
          "description": "Stop job id (yours)",
          "type": "boolean"
        },
        "offset": {
          "minimum": 0,
          "maximum": 10000,
          "default": 0,
          "description": "Jobs to skip (paging)",
          "type": "integer"
        },
        "limit": {
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Most jobs to return (1–100).",
          "type": "integer"
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
              "kind",
              "description",
              "status",
              "message",
              "createdAt",
              "canUndo",
              "startedByYou"
            ],
            "properties": {
              "id": {
                "type": "string"
              },
              "kind": {
                "type": "string"
              },
              "description": {
                "type": "string"
              },
              "status": {
                "type": "string",
                "enum": [
                  "queued",
                  "running",
                  "succeeded",
                  "failed",
                  "cancelled",
                  "interrupted"
                ]
              },
              "message": {
                "type": "string"
              },
              "createdAt": {
                "type": "string"
              },
              "startedAt": {
                "type": "string"
              },
              "finishedAt": {
                "type": "string"
              },
              "progress": {
                "type": "number"
              },
              "estimatedDurationMs": {
                "type": "integer"
              },
              "result": {},
              "error": {
                "type": "string"
              },
              "canUndo": {
                "type": "boolean"
              },
              "startedByYou": {
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
        }
      }
    },
    "annotations": {
      "title": "Check background jobs",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": true,
      "openWorldHint": false
    }
  }
]
`
