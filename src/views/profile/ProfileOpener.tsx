// Opens the tourist profile panel from wherever a tourist is named (the incident drawer, the GPS table, a map
// marker's card). A plain context with no default: a view rendered without the panel (a unit test of the
// drawer) simply offers no Profile button.
import { createContext, useContext } from 'react';

export type OpenProfile = (touristId: string) => void;

export const ProfileOpenerContext = createContext<OpenProfile | undefined>(undefined);

export const useOpenProfile = (): OpenProfile | undefined => useContext(ProfileOpenerContext);
