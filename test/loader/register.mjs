// Test-time TypeScript for tap (.taprc node-arg): registers the hooks of hooks.mjs in every test process.
import { registerHooks } from 'node:module'
import { load, resolve } from './hooks.mjs'

registerHooks({ resolve, load })
