import type { Region } from '../../api/entities.ts';
import { areaKm2 } from '../../domain/zone-geometry.ts';
import type { Translate } from '../../i18n/translate.ts';

/** "12 vertices, 85.3 km²", or that the region has none (it gets panics only through its zones). */
export function boundarySummary(boundary: Region['boundary'], t: Translate): string {
  if (!boundary) return t('regions.noBoundary');
  return t('regions.boundarySize', {
    count: boundary.length,
    area: areaKm2(boundary).toLocaleString('en-GB', { maximumFractionDigits: 1 }),
  });
}
