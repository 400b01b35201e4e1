// Reads a text/event-stream response body (from fetch, which can send the bearer header that
// EventSource cannot) and calls onEvent(name, data) for each event whose data is JSON.
export async function readEvents (body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    let cut
    while ((cut = buffer.search(/\r?\n\r?\n/)) !== -1) {
      const block = buffer.slice(0, cut)
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '')
      let name = 'message'
      const data = []
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) name = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
      }
      if (data.length === 0) continue
      let parsed
      try { parsed = JSON.parse(data.join('\n')) } catch { continue }
      onEvent(name, parsed)
    }
  }
}
