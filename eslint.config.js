import neostandard from 'neostandard'
import globals from 'globals'

export default [
  ...neostandard({ ts: true, ignores: ['dist/**', 'node_modules/**', '.tap/**', 'test-output/**', '.bench-build/**', 'tap-snapshots/**'] }),
  // The dashboard page runs in the browser.
  { files: ['web/**/*.js'], languageOptions: { globals: globals.browser } }
]
