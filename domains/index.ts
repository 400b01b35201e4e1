// The six tool domains, in the order their tools appear in tools/list.
import type { FastifyPluginAsync } from 'fastify'

export const domains: FastifyPluginAsync[] = []
