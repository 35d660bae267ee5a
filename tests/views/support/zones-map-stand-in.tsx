// WebGL cannot run in happy-dom: the Zones view's lazily loaded map is replaced by what it is told (the shape
// being drawn, the outline being edited) and buttons that finish what terra-draw would report.
import type { Outline } from '../../../src/domain/zone-draft.ts';
import type { ZonesMapProps } from '../../../src/map/zones/ZonesMap.tsx';

/** What the stand-in reports as drawn (3 vertices) and as reshaped (5 vertices), in [latitude, longitude]. */
export const DRAWN_OUTLINE: Outline = {
  polygon: [
    [25.57, 91.88],
    [25.57, 91.89],
    [25.58, 91.89],
  ],
};
export const RESHAPED_OUTLINE: Outline = {
  polygon: [
    [25.57, 91.88],
    [25.57, 91.89],
    [25.575, 91.895],
    [25.58, 91.89],
    [25.58, 91.88],
  ],
};

export default function ZonesMapStandIn(props: ZonesMapProps) {
  return (
    <div
      data-testid="zones-map"
      data-draw-shape={props.drawShape ?? ''}
      data-draft-vertices={props.draft?.polygon.length ?? ''}
    >
      <button type="button" onClick={() => props.onDrawn(DRAWN_OUTLINE)}>
        Finish drawing on the map
      </button>
      <button type="button" onClick={() => props.onReshape(RESHAPED_OUTLINE)}>
        Reshape on the map
      </button>
      <button type="button" onClick={() => props.onSelect(undefined)}>
        Click beside the zones
      </button>
    </div>
  );
}
