// What a person signed in as themselves may do (NOTIFY_PEOPLE, chosen on the approval page): anything that
// deletes, replaces or moves data is the owner's; a person marked `readonly` gets the read-only tools only.
// Checked in the registry before anything runs, for every road to a tool (MCP, web chat).
import { ToolError } from '../../core/errors.js'
import { isNonOwnerPerson, type Principal } from '../../core/principal.js'
import type { ToolDefinition } from '../../core/tool-types.js'

export function refuseForPerson (def: Pick<ToolDefinition, 'name' | 'annotations'>, principal: Principal): void {
  if (!isNonOwnerPerson(principal)) return
  const who = principal.person!.name
  if (principal.person!.readOnly && def.annotations.readOnlyHint !== true) {
    throw new ToolError(`${who} is signed in with the read-only tools; ${def.name} changes things. Ask the owner to do it, or to sign this assistant in as the owner.`)
  }
  if (def.annotations.destructiveHint === true) {
    throw new ToolError(`Only the owner can run ${def.name} (it deletes, replaces or moves data); ${who} is signed in as themselves. Ask the owner to do it.`)
  }
}
