/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > manage_files > manage_files as published in tools/list 1`] = `
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
      "next": {
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
}
`
