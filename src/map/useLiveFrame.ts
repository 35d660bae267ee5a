import { useEffect, useRef, useState } from 'react';
import type { GpsHistory, GpsPing } from '../api/entities.ts';
import { emptyLiveFrame, nextLiveFrame, type LiveFrame } from './live-frame.ts';
import { GLIDE_DURATION_MS } from './style.ts';

/**
 * Trails are redrawn at most this often (the markers' own glide time, SPEC §9). With 10,000 devices
 * reporting each second, redrawing every trail on every frame cost the page four times what the markers
 * did (issue 12); a trail a fraction of a second behind its marker is not something an operator can see.
 */
export const TRAIL_REFRESH_MS = GLIDE_DURATION_MS;

/**
 * Live GPS input coalesced to at most one deck.gl update per animation frame: a burst of stream
 * messages between two frames reaches the layers as one update, with the latest pings only. The
 * trails follow at most once per TRAIL_REFRESH_MS; the first change after a quiet spell goes at once.
 */
export function useLiveFrame(pings: readonly GpsPing[], history: GpsHistory): LiveFrame {
  const [frame, setFrame] = useState(() => nextLiveFrame(emptyLiveFrame, pings, history));
  const shown = useRef(frame);
  const latest = useRef({ pings, history });
  const pendingFrame = useRef<number | null>(null);
  const trailTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const trailsDrawnAt = useRef(-Infinity);

  const requestFrame = useRef(() => {
    if (pendingFrame.current !== null) return;
    pendingFrame.current = requestAnimationFrame((now) => {
      pendingFrame.current = null;
      const previous = shown.current;
      const { pings, history } = latest.current;
      const trailsDue = now - trailsDrawnAt.current >= TRAIL_REFRESH_MS;
      const next = nextLiveFrame(previous, pings, trailsDue ? history : (previous.sources.history ?? history));
      if (next.trails !== previous.trails) trailsDrawnAt.current = now;
      shown.current = next;
      setFrame(next);
      if (next.sources.history !== history && trailTimer.current === null) {
        trailTimer.current = setTimeout(
          () => {
            trailTimer.current = null;
            requestFrame.current();
          },
          TRAIL_REFRESH_MS - (now - trailsDrawnAt.current),
        );
      }
    });
  });

  useEffect(() => {
    latest.current = { pings, history };
    requestFrame.current();
  }, [pings, history]);

  useEffect(
    () => () => {
      if (pendingFrame.current !== null) cancelAnimationFrame(pendingFrame.current);
      if (trailTimer.current !== null) clearTimeout(trailTimer.current);
      pendingFrame.current = null;
      trailTimer.current = null;
    },
    [],
  );

  return frame;
}
