// Deluge's categories are the labels of its Label plugin (shipped with Deluge, Debian's deluge-common 2.0.3
// included, off until a person turns it on). Citations are github.com/deluge-torrent/deluge at tag deluge-2.0.3:
// deluge/plugins/Label/deluge_label/core.py and deluge/core/core.py.
import { ToolError } from '../../core/errors.js'

type Call = <T>(method: string, params: unknown[]) => Promise<T>

/** A label id the plugin accepts: lower case [a-z0-9_-.], not empty (core.py RE_VALID 30, add 178-190). */
const LABEL = /^[a-z0-9_.-]+$/

export function delugeLabels (call: Call) {
  /** Whether the Label plugin is on: core.get_enabled_plugins (deluge/core/core.py 873-875). */
  const pluginOn = async (): Promise<boolean> => (await call<string[]>('core.get_enabled_plugins', []) ?? []).includes('Label')
  return {
    pluginOn,
    /**
     * Makes sure `category` can be set as a label before anything is added: the plugin must be on
     * (core.get_enabled_plugins, deluge/core/core.py 873) and the name valid; the label is created when missing
     * (label.get_labels 173, label.add 178).
     */
    async prepare (category: string): Promise<string> {
      const label = category.toLowerCase()
      if (!LABEL.test(label)) throw new ToolError(`Deluge labels take only a-z, 0-9, "_", "-" and "."; "${category}" cannot be one.`)
      const enabled = await call<string[]>('core.get_enabled_plugins', [])
      if (!(enabled ?? []).includes('Label')) {
        throw new ToolError('Deluge\'s Label plugin is off, so a category cannot be set: turn it on in Deluge (Preferences → Plugins → Label) and try again. Nothing was added.')
      }
      const labels = await call<string[]>('label.get_labels', [])
      if (!(labels ?? []).includes(label)) await call('label.add', [label])
      return label
    },
    /**
     * Turns the Label plugin on, as Preferences → Plugins does: core.enable_plugin(name) (deluge/core/core.py
     * 877-879) answers True once it is on or already was, False when the daemon has no such plugin or it would
     * not start (deluge/pluginmanagerbase.py enable_plugin 120-195). The daemon keeps it on across restarts (it
     * adds it to its config's enabled_plugins, pluginmanagerbase.py 184-188), and the web UI learns the plugin's
     * label.* methods on the PluginEnabledEvent (deluge/core/pluginmanager.py 58-69, ui/web/json_api.py 395).
     */
    async enablePlugin (): Promise<void> {
      const ok = await call<boolean>('core.enable_plugin', ['Label'])
      if (ok !== true || !(await pluginOn())) {
        throw new ToolError('Deluge did not turn on its Label plugin (core.enable_plugin answered no): check that the daemon has it (Preferences → Plugins) and its log.')
      }
    },
    /** label.set_torrent(torrent_id, label_id) (core.py 312-331). */
    async set (hash: string, label: string) {
      await call('label.set_torrent', [hash, label])
    }
  }
}
