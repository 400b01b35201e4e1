/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > download_add > download_add as published in tools/list 1`] = `
{
  "name": "download_add",
  "title": "Add links to the direct-download manager",
  "description": "Queues direct links as one package in the direct-download manager; magnets/.torrent links to the torrent client. One refused link adds nothing. Writes only to a new folder (\\"<name> (2)\\" if taken). One file or video page: download_direct. Then download_status.",
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
        "description": "Package/folder name (no \\"/\\")",
        "type": "string"
      },
      "links": {
        "minItems": 1,
        "maxItems": 50,
        "description": "Links of one kind",
        "type": "array",
        "items": {
          "minLength": 8,
          "maxLength": 8192,
          "description": "http(s) or magnet link",
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
      "name",
      "links",
      "destination"
    ],
    "properties": {
      "packageId": {
        "type": "integer"
      },
      "usenetIds": {
        "type": "array"
      },
      "hashes": {
        "type": "array"
      },
      "name": {
        "type": "string"
      },
      "links": {
        "type": "integer"
      },
      "destination": {
        "type": "string"
      },
      "folder": {
        "type": "string"
      },
      "next": {
        "type": "array"
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
}
`
