// Child-process helpers shared by every local tool (yt-dlp, aria2c, ffmpeg, mkvtoolnix).
// runProcess: one-shot programs with timeout, stall detection and progress lines.
// startDaemon: long-running programs stopped as a whole process group.
export { runProcess, ProcessError, type RunOptions, type RunResult, type ProcessFailure, type StreamName } from './run.js'
export { startDaemon, type Daemon, type DaemonOptions } from './daemon.js'
export { RingBuffer, lineSplitter } from './ring-buffer.js'
export { findExecutable } from './which.js'
export { childEnv } from './env.js'
