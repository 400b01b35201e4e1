// Deluge's categories are the labels of its Label plugin (shipped with Deluge, Debian's deluge-common 2.0.3
// included, off until a person turns it on). Citations are github.com/deluge-torrent/deluge at tag deluge-2.0.3:
// deluge/plugins/Label/deluge_label/core.py and deluge/core/core.py.
import { ToolError } from '../../core/errors.js'

type Call = <T>(method: string, params: unknown[]) => Promise<T>

/** A label id the plugin accepts: lower case [a-z0-9_-.], not empty (core.py RE_VALID 30, add 178-190). */
const LABEL = /^[a-z0-9_.-]+$/

export function delugeLabels (call: Call) {
  return {
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
    /** label.set_torrent(torrent_id, label_id) (core.py 312-331). */
    async set (hash: string, label: string) {
      await call('label.set_torrent', [hash, label])
    }
  }
}
