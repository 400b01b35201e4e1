/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/domains/servarr-instances.test.ts > TAP > the instance argument is published with its choices > the tools that take instance with an extra series manager, and the argument as published 1`] = `
Array [
  Object {
    "instance": Object {
      "description": "default or anime",
      "maxLength": 20,
      "type": "string",
    },
    "tool": "series_search",
  },
  Object {
    "instance": Object {
      "description": "default or anime",
      "maxLength": 20,
      "type": "string",
    },
    "tool": "series_status",
  },
  Object {
    "instance": Object {
      "description": "default or anime",
      "maxLength": 20,
      "type": "string",
    },
    "tool": "series_remove",
  },
  Object {
    "instance": Object {
      "description": "default or anime",
      "maxLength": 20,
      "type": "string",
    },
    "tool": "series_releases",
  },
  Object {
    "instance": Object {
      "description": "default or anime",
      "maxLength": 20,
      "type": "string",
    },
    "tool": "series_grab",
  },
  Object {
    "instance": Object {
      "description": "default or anime",
      "maxLength": 20,
      "type": "string",
    },
    "tool": "series_import",
  },
  Object {
    "instance": Object {
      "description": "default or anime",
      "maxLength": 20,
      "type": "string",
    },
    "tool": "series_rescan",
  },
]
`
