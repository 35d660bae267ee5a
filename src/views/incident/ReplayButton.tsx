// The drawer's Replay button (issue 34 point 2): the incident's tourist from 30 minutes before it to now.
import { Button } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Incident } from '../../api/entities.ts';
import { incidentReplayRange } from '../../domain/replay-timeline.ts';
import { ReplayDialog } from '../replay/ReplayDialog.tsx';
import { useT } from '../../i18n/useT.ts';

export function ReplayButton({ incident }: { incident: Pick<Incident, 'touristId' | 'createdAt'> }) {
  const t = useT();
  const [range, setRange] = useState<{ from: string; to: string }>();
  const touristId = incident.touristId;
  if (!touristId) return null;
  return (
    <>
      <Button icon={<HistoryRegular />} onClick={() => setRange(incidentReplayRange(incident.createdAt))}>
        {t('incident.replay')}
      </Button>
      {range && (
        <ReplayDialog touristIds={[touristId]} from={range.from} to={range.to} onClose={() => setRange(undefined)} />
      )}
    </>
  );
}
