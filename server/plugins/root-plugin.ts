import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as fastify-plugin does, with fastify's own flag: it runs in the app's root scope, so what it
 * decorates and the hooks it adds belong to the whole app rather than to a scope of their own.
 */
export function rootPlugin<Options extends object>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
