// The logger shape framework-free code needs: pino's (and so Fastify's) level methods. Kept minimal so lib/
// and clients/ can log without importing Fastify; app.log and any pino logger satisfy it.
export interface LogFn {
  (obj: object, msg?: string): void
  (msg: string): void
}

export interface Logger {
  error: LogFn
  warn: LogFn
  info: LogFn
  debug: LogFn
}
