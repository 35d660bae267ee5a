// The console's calls for "Verify tourist" (issue 30).
import { parsed, jsonPost } from './client.ts';
import {
  DidBindResponse,
  DidLookupResponse,
  DidUnbindResponse,
  type DidBinding,
  type DidRecord,
} from './did-binding.ts';

export const lookUpDid = async (did: string): Promise<DidRecord[]> =>
  (await parsed(DidLookupResponse, '/did/lookup', jsonPost({ did }))).dids;

export const bindDid = async (didId: string, touristId: string): Promise<DidBinding> =>
  (await parsed(DidBindResponse, '/did/bind', jsonPost({ didId, touristId }))).binding;

export const unbindDid = async (didId: string): Promise<DidBinding> =>
  (await parsed(DidUnbindResponse, '/did/unbind', jsonPost({ didId }))).unbound;
