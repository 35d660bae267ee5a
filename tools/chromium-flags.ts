// How the browser tests and the browser benches start Debian's Chromium: headless as root, software WebGL
// (SwiftShader, the right pixels without a GPU), and none of the background traffic this closed network
// refuses at every start.
export { CHROMIUM_PATH } from './browser-needs.mjs';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--use-gl=angle',
];
