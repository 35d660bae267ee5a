// Deck.gl redraws in the browser's next animation frame, before that frame is painted. Layers handed over
// in the same task as a new table row would hold the row's paint until 10,000 points were re-read and
// drawn; handed over just after that paint, the row shows first and the map follows a frame later.

/** Runs `callback` once the next frame has been painted; answers a function that cancels it. */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
