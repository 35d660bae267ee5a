// Web-Mercator arithmetic for checking where a click on the dashboard's map lands, independently of MapLibre.

/** Where a pixel offset from the centre of a Web-Mercator map at `zoom` (512 px tiles) falls. */
export function offsetToLatLng(centre: { latitude: number; longitude: number }, zoom: number, dx: number, dy: number) {
  const world = 512 * 2 ** zoom;
  const x = ((centre.longitude + 180) / 360) * world + dx;
  const sin = Math.sin((centre.latitude * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world + dy;
  const longitude = (x / world) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return { latitude, longitude };
}
