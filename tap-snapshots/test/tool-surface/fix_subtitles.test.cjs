/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > fix_subtitles > fix_subtitles as published in tools/list 1`] = `
{
  "name": "fix_subtitles",
  "title": "Convert ASS/SSA subtitles to SRT",
  "description": "Converts ASS/SSA subtitle tracks in MKV files to SRT (other tracks kept; styling lost, italics kept) for players that cannot render ASS. Preview + confirmToken, then a background job (check_jobs); each file is verified in a temp copy before it replaces the original.",
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
      "next": {
        "type": "array"
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
}
`
