/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > optimize_media > optimize_media as published in tools/list 1`] = `
{
  "name": "optimize_media",
  "title": "Analyze and strip media tracks",
  "description": "Audio and subtitle tracks of MKV/MP4 files: analyze (read-only) or strip unwanted languages without re-encoding (preview + confirmToken, then a background job, check_jobs). A file never loses all audio; each is verified in a temp copy before it replaces the original.",
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
      "next": {
        "type": "array"
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
}
`
