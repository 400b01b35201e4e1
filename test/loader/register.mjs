// Test-time TypeScript for tap (.taprc node-arg): registers hooks.mjs in every test process.
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url)
