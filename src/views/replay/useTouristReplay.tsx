// The profile's Replay (issue 34 point 2): a tourist's last hour, the route's own default range, in the dialog.
import { useCallback, useState, type ReactNode } from 'react';
import { DEFAULT_TRACK_MINUTES } from '../../api/track.ts';
import { recentReplayRange } from '../../domain/replay-timeline.ts';
import { ReplayDialog } from './ReplayDialog.tsx';

export function useTouristReplay(): { onReplay: (touristId: string) => void; replayDialog: ReactNode } {
  const [opened, setOpened] = useState<{ touristId: string; from: string; to: string }>();
  const onReplay = useCallback(
    (touristId: string) => setOpened({ touristId, ...recentReplayRange(DEFAULT_TRACK_MINUTES) }),
    [],
  );
  const replayDialog = opened ? (
    <ReplayDialog
      touristIds={[opened.touristId]}
      from={opened.from}
      to={opened.to}
      onClose={() => setOpened(undefined)}
    />
  ) : null;
  return { onReplay, replayDialog };
}
