// Binding a Digital ID to a tourist (issue 30): a phone's DID issued without a tourist proves nobody until
// a supervisor who saw the person binds it; from then on its token proves that tourist.
import { z } from 'zod';
import { idSchema } from './fields.ts';

const MAX_LOOKUP_TEXT = 8192;

/** What the supervisor pasted or scanned: the DID token, the DID (`did:local:…`), or the app's ID card QR (JSON naming the tourist). */
export const DidLookupBody = z.object({
  did: z
    .string({ error: 'did must be a string: the Digital ID token, its did:local id, or the ID card QR text' })
    .trim()
    .min(1, 'did must not be empty: paste the Digital ID token, its did:local id, or the ID card QR text')
    .max(MAX_LOOKUP_TEXT, `did must be at most ${MAX_LOOKUP_TEXT} characters`),
});
export type DidLookupBody = z.infer<typeof DidLookupBody>;

const didIdSchema = idSchema('didId').regex(/^did:/, 'didId must be a DID such as did:local:…');

export const DidBindBody = z.object({ didId: didIdSchema, touristId: idSchema('touristId') });
export type DidBindBody = z.infer<typeof DidBindBody>;
export const DidUnbindBody = z.object({ didId: didIdSchema });
export type DidUnbindBody = z.infer<typeof DidUnbindBody>;

export const DidBinding = z.object({
  didId: z.string(),
  touristId: z.string(),
  touristName: z.string().nullable(),
  boundBy: z.string(),
  boundAt: z.string(),
});
export type DidBinding = z.infer<typeof DidBinding>;

/** A tourist an unbound DID's token was sent with (registration, pairing, panics, pings). */
export const DidUse = z.object({
  didId: z.string(),
  touristId: z.string(),
  touristName: z.string().nullable(),
  /** Whether the tourist is registered: only a registered tourist can be bound. */
  registered: z.boolean(),
  firstAt: z.string(),
  lastAt: z.string(),
  uses: z.number(),
});
export type DidUse = z.infer<typeof DidUse>;

export const DidRecord = z.object({
  didId: z.string(),
  /** From the token when one was pasted; null for a bare DID. */
  expiresAt: z.string().nullable(),
  /** The tourist the token itself names (issued for a tourist): such a DID needs no binding. */
  issuedFor: z.string().nullable(),
  binding: DidBinding.nullable(),
  usedWith: z.array(DidUse),
});
export type DidRecord = z.infer<typeof DidRecord>;

export const DidLookupResponse = z.object({ ok: z.literal(true), dids: z.array(DidRecord) });
export type DidLookupResponse = z.infer<typeof DidLookupResponse>;
export const DidBindResponse = z.object({ ok: z.literal(true), binding: DidBinding });
export const DidUnbindResponse = z.object({ ok: z.literal(true), unbound: DidBinding });
