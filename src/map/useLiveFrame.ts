import { useEffect, useRef, useState } from 'react';
import type { GpsHistory, GpsPing } from '../api/entities.ts';
import { emptyLiveFrame, nextLiveFrame, type LiveFrame } from './live-frame.ts';

/**
 * Live GPS input coalesced to at most one deck.gl update per animation frame: a burst of stream
 * messages between two frames reaches the layers as one update, with the latest pings only.
 */
export function useLiveFrame(pings: readonly GpsPing[], history: GpsHistory): LiveFrame {
  const [frame, setFrame] = useState(() => nextLiveFrame(emptyLiveFrame, pings, history));
  const latest = useRef({ pings, history });
  const pendingFrame = useRef<number | null>(null);

  useEffect(() => {
    latest.current = { pings, history };
    if (pendingFrame.current !== null) return;
    pendingFrame.current = requestAnimationFrame(() => {
      pendingFrame.current = null;
      setFrame((previous) => nextLiveFrame(previous, latest.current.pings, latest.current.history));
    });
  }, [pings, history]);

  useEffect(
    () => () => {
      if (pendingFrame.current !== null) cancelAnimationFrame(pendingFrame.current);
      pendingFrame.current = null;
    },
    [],
  );

  return frame;
}
