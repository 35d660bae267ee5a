import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer, rendererName } from '../../src/map/motion.ts';

describe('map motion', () => {
  it('knows the software renderers by the names browsers give them', () => {
    expect(
      isSoftwareRenderer(
        'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      ),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(
      true,
    );
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
    expect(isSoftwareRenderer('')).toBe(false);
  });

  it('reads the unmasked renderer where the browser offers it, else the plain one', () => {
    const RENDERER = 0x1f01;
    const UNMASKED = 0x9246;
    const gl = (unmasked: boolean) =>
      ({
        RENDERER,
        getExtension: (name: string) =>
          unmasked && name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL: UNMASKED } : null,
        getParameter: (parameter: number) =>
          parameter === UNMASKED ? 'llvmpipe (LLVM 15.0.6, 256 bits)' : parameter === RENDERER ? 'WebKit WebGL' : null,
      }) as unknown as WebGL2RenderingContext;
    expect(rendererName(gl(true))).toBe('llvmpipe (LLVM 15.0.6, 256 bits)');
    expect(rendererName(gl(false))).toBe('WebKit WebGL');
    expect(rendererName(null)).toBe('');
  });
});
