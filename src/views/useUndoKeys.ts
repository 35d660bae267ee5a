// Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes while something is edited on a map (a zone, a boundary);
// keys typed in a field keep their own meaning there.
import { useEffect, useRef } from 'react';

export function useUndoKeys(onUndo: () => void, onRedo: () => void): void {
  const latest = useRef({ onUndo, onRedo });
  useEffect(() => {
    latest.current = { onUndo, onRedo };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || (event.target as HTMLElement | null)?.closest('input, textarea, select'))
        return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) latest.current.onUndo();
      else if (key === 'y' || (key === 'z' && event.shiftKey)) latest.current.onRedo();
      else return;
      event.preventDefault();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}
