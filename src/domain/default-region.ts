// The region a record without one belongs to (SPEC §3, API.md): an incident's or a zone's `regionId` defaults
// to it, a point in no zone and no boundary is filed under it, a missing `regionId` is shown as it, and the
// console opens on it.
export const DEFAULT_REGION_ID = 'default';
