// The part of oidc-provider (which ships no types) that the tests' identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface ProviderConfiguration {
    findAccount?(ctx: unknown, id: string): ProviderAccount | undefined | Promise<ProviderAccount | undefined>;
    [setting: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }

  export default Provider;
}
