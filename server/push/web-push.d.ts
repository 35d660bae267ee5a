// web-push 3.6 ships no types: the two functions the server calls.
declare module 'web-push' {
  export interface RequestDetails {
    method: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export interface RequestOptions {
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
  }
  export function generateVAPIDKeys(): { publicKey: string; privateKey: string };
  export function generateRequestDetails(
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    payload: string,
    options: RequestOptions,
  ): RequestDetails;
  const webPush: { generateVAPIDKeys: typeof generateVAPIDKeys; generateRequestDetails: typeof generateRequestDetails };
  export default webPush;
}
