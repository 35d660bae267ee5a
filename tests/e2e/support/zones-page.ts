// The Zones view in a Chromium page (issue 31): opening it, its list by role, and where a zone's vertex is on
// its map. The map starts centred on the first zone's box at zoom 13 (src/map/zones/ZonesMap.tsx), so pixels
// and coordinates convert with plain Web-Mercator arithmetic, independently of MapLibre.
import type { Locator, Page } from 'playwright-core';
import { offsetToLatLng } from './web-mercator.ts';

export const ZONES_START_ZOOM = 13;

export async function openZonesView(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Zones' }).click();
  await page.getByRole('region', { name: 'Zones' }).waitFor({ timeout: 20_000 });
  await page.getByTestId('zones-map').locator('canvas').first().waitFor({ timeout: 20_000 });
}

export const zonesTable = (page: Page): Locator => page.getByRole('table', { name: 'Zones' });

export const zoneRow = (page: Page, name: string): Locator =>
  zonesTable(page)
    .locator('tbody')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

/** The map's centre on the page, in CSS pixels. */
export async function mapCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('zones-map').boundingBox();
  if (!box) throw new Error('the zones map is not on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Pixel offset from the map's centre of a point, on a Web-Mercator map at `zoom` (512 px tiles). */
export function latLngToOffset(
  centre: { latitude: number; longitude: number },
  zoom: number,
  point: { latitude: number; longitude: number },
) {
  const world = 512 * 2 ** zoom;
  const project = ({ latitude, longitude }: { latitude: number; longitude: number }) => {
    const sin = Math.sin((latitude * Math.PI) / 180);
    return { x: ((longitude + 180) / 360) * world, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world };
  };
  const a = project(centre);
  const b = project(point);
  return { dx: b.x - a.x, dy: b.y - a.y };
}

export { offsetToLatLng };

/** Clicks each point in turn on the map, moving there first (terra-draw snaps on the pointer's move). */
export async function clickOnMap(page: Page, points: readonly { x: number; y: number }[]): Promise<void> {
  for (const { x, y } of points) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
}

/** Drags from one point to another in small steps, as a hand would. */
export async function dragOnMap(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  await page.mouse.move(from.x, from.y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}
