import type { Region } from '../../api/entities.ts';
import { areaKm2 } from '../../domain/zone-geometry.ts';

/** "12 vertices, 85.3 km²", or that the region has none (it gets panics only through its zones). */
export function boundarySummary(boundary: Region['boundary']): string {
  if (!boundary) return 'No boundary';
  return `${boundary.length} vertices, ${areaKm2(boundary).toLocaleString('en-GB', { maximumFractionDigits: 1 })} km²`;
}
