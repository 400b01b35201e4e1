// The host every *arr simulator reports in its system status: the linuxserver-style Docker image on
// Debian 12, as the compose stack runs them. One description, so the simulators agree about it.
export const DOCKER_HOST = {
  osName: 'debian',
  osVersion: '12',
  isNetCore: true,
  isLinux: true,
  isOsx: false,
  isWindows: false,
  isDocker: true,
  mode: 'console'
} as const
