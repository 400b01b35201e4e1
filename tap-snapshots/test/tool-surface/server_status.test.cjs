/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/tool-surface.test.ts > TAP > tools/list snapshot, one file per tool > server_status > server_status as published in tools/list 1`] = `
{
  "name": "server_status",
  "title": "Media server status",
  "description": "Media server overview: version, libraries with counts and folders, disk use and how fast it fills, sessions of the last 15 min and what plays, users. Use it first to see whether the server is up; titles: search_media; events: activity_log.",
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
      "diskFilling": {
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
      },
      "parts": {
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
}
`
