// Whether the map moves smoothly (the camera's eases, the live markers' one-second glides) or jumps. Without a
// GPU (SwiftShader, llvmpipe: virtual machines and remote desktops, common in control rooms) every frame of
// a motion is a whole redraw done by the CPU: with 10,000 markers a 400 ms ease kept both cores of a 2-core
// machine busy for 7 s, and the server beside it answered panics late; at 100,000 tourists the markers'
// glides, a new one every second, kept the page's main thread 80 % busy. There the map jumps: one frame.
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software rasterizer|basic render driver/i;

export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERER.test(renderer);
}

/** The renderer's name as the browser reports it ('' when it will not say). */
export function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext | null): string {
  if (!gl) return '';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

/** Asks the map's own context (asking a canvas again for its kind answers the context it has). */
export function mapMayAnimate(canvas: HTMLCanvasElement): boolean {
  return !isSoftwareRenderer(rendererName(canvas.getContext('webgl2') ?? canvas.getContext('webgl')));
}
