/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > manage_library > manage_library as published in tools/list 1`] = `
{
  "name": "manage_library",
  "title": "Manage media server libraries",
  "description": "Changes what the media server indexes: scan after files changed outside the managers, create a library over a media-root folder, or refresh one item's metadata. Runs in the background; deletes nothing; use server_status to list libraries.",
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
        "description": "create: name (no slashes); scan: that library only",
        "type": "string"
      },
      "path": {
        "minLength": 1,
        "maxLength": 1024,
        "description": "create: existing media-root folder; scan: that folder only",
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
        "pattern": "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[1-9][0-9]{0,11})$",
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
      "started"
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
        "type": "array"
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
}
`
