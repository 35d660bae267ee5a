import type { Geofence, GpsHistory, GpsPing } from '../api/entities.ts';
import type { RiskLevel } from '../api/fields.ts';
import type { NearbyUnit } from '../api/responders.ts';
import type { ClockStyle } from '../i18n/clock.ts';

/** An alert as the map reads it (SPEC §3): incidents are mapped to this by the dashboard. */
export interface MapAlert {
  id: string;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  /** When the server received it. */
  at: string;
  /** The phone's own time, which may be wrong; shown, never used to order. */
  reportedAt?: string | null;
  /** A wristband SOS with no known position: drawn at the region's centre. */
  noLocation?: boolean;
  riskLevel?: RiskLevel | string;
  status?: string;
  touristId?: string | null;
  deviceId?: string | null;
  regionId?: string;
  /** False when the panic's call proved no tourist (no valid device token): the details card says "Unverified". */
  verified?: boolean;
}

/** What the dashboard hands the lazily loaded map panel (src/map/MapPanel.tsx, default export). */
export interface MapPanelProps {
  alerts: MapAlert[];
  /** How the details cards read times (issue 36); the seeded regions' 24-hour clock when absent. */
  clock?: ClockStyle;
  geofences: Geofence[];
  /** Latest live pings, newest first, one per key (at most 50). */
  pings: GpsPing[];
  history: GpsHistory;
  showLiveGps: boolean;
  fitGps: boolean;
  /** Test-alert mode armed: shows the hint, and clicks call onMapClick. */
  testMode: boolean;
  onMapClick: (latitude: number, longitude: number) => void;
  dark: boolean;
  /** The incident the operator asked to see: the camera flies to it once per new `seq`. */
  focus?: { latitude: number; longitude: number; seq: number };
  /** The selected region ('all': every one): the map's positions subscription (GET /positions/stream) is of it. */
  regionId?: string;
  /** Where the camera starts when there is no alert to show: the selected region's home view. */
  home?: { center: readonly [number, number]; zoom: number };
  /** The nearest responder units of the incident open in the drawer (issue 34). */
  responders?: readonly NearbyUnit[];
  /** Opens a tourist's profile (issue 34) from a pinned alert's or ping's card. */
  onOpenProfile?: (touristId: string) => void;
  /** Take the whole height of the place it is in (wall mode) instead of the spec's 400 px. */
  fill?: boolean;
}
