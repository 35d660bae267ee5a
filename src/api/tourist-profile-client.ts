// The tourist profile panel's requests (issue 34): the profile (each read audited by the server), and an
// admin's erasure. The export is a download the browser makes itself (touristExportUrl).
import { parsed } from './client.ts';
import { TouristEraseResponse, TouristProfileResponse, type TouristProfile } from './tourist-profile.ts';

const touristPath = (touristId: string) => `/tourists/${encodeURIComponent(touristId)}`;

export const fetchTouristProfile = (touristId: string): Promise<TouristProfile> =>
  parsed(TouristProfileResponse, touristPath(touristId)).then((answer) => answer.profile);

export const touristExportUrl = (touristId: string): string => `${touristPath(touristId)}/export`;

export const eraseTourist = (touristId: string): Promise<{ anonymousId: string }> =>
  parsed(TouristEraseResponse, touristPath(touristId), { method: 'DELETE' });
