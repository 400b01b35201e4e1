// A server that cannot listen says why in one line that names the setting to change, instead of a JSON stack.

/** One line for the listen failures a person can fix (port taken, port not allowed, address not here); undefined otherwise. */
export function listenProblem (err: unknown, port: number, host: string): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'EADDRINUSE') return `Port ${port} on ${host} is already in use (PORT=${port}): stop the program using it, or set PORT to a free port.`
  if (code === 'EACCES') return `Not allowed to listen on port ${port} (PORT=${port}): ports below 1024 need extra rights; set PORT to 1024 or above.`
  if (code === 'EADDRNOTAVAIL') return `This machine has no address ${host} (HOST=${host}): set HOST to one of its addresses, e.g. 127.0.0.1 or 0.0.0.0.`
  return undefined
}
