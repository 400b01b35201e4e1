// The pyLoad-ng simulator for tests and `npm run demo`.
export { createPyloadSimulator, type PyloadSimulator, type PyloadSimulatorOptions } from './server.js'
export { STATUS as PYLOAD_STATUS, type SimState } from './state.js'
