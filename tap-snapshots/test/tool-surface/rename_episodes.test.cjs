/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > rename_episodes > rename_episodes as published in tools/list 1`] = `
{
  "name": "rename_episodes",
  "title": "Rename episodes to the standard scheme",
  "description": "Renames a show's episode files (and subtitles) to \\"Show - S01E02.ext\\" in \\"Season 01\\" folders (from S01E02, 1x02 or \\"Season 1 Episode 2\\" names). dryRun (default) returns the plan and collisions; dryRun:false runs it as a job, all or nothing, never overwriting; undo with manage_files.",
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
      },
      "next": {
        "type": "array"
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
}
`
