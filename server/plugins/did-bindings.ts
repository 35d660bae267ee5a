import { DidBindingCache } from '../did/binding-cache.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which tourist each bound Digital ID proves. */
    didBindings: DidBindingCache;
  }
}

/** Loads the DID bindings and follows their changes until the app closes. */
export const didBindingsPlugin = rootPlugin<{ channel: string }>(async (app, { channel }) => {
  const cache = new DidBindingCache(app.db, channel);
  app.addHook('onClose', () => cache.stop());
  app.decorate('didBindings', cache);
  await cache.start();
});
