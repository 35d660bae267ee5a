// The first panic after a console opened took twice as long as the rest to reach the screen (issue 33):
// its row, the table around it, the bulk bar and the panic bar were the page's first of each, so React and
// Fluent UI compiled and inserted their styles then. While the table is still empty, one made-up panic is
// drawn once, hidden (display: none: not seen, not in the accessibility tree, never focused), in an idle
// moment, and taken away again; the first real one then finds all of it ready.
import { useEffect, useState } from 'react';
import type { Incident } from '../../api/entities.ts';
import { DEFAULT_REGION_ID } from '../../domain/default-region.ts';
import type { PanicSummary } from '../../domain/open-panics.ts';
import { PanicBarView } from '../alarm/PanicBar.tsx';
import { AlertsGrid } from './AlertsGrid.tsx';
import { BulkBar, type BulkRef } from './BulkBar.tsx';
import { useT } from '../../i18n/useT.ts';

const REHEARSED_AT = new Date(0).toISOString();
const REHEARSED: Incident = {
  id: 'rehearsal',
  type: 'panic',
  severity: 'high',
  status: 'open',
  latitude: 0,
  longitude: 0,
  createdAt: REHEARSED_AT,
  reportedAt: null,
  acknowledgedAt: null,
  resolvedAt: null,
  regionId: DEFAULT_REGION_ID,
  touristId: null,
  deviceId: null,
  meta: { source: 'panic', riskLevel: 'red' },
  verified: true,
};
const REHEARSED_PANIC: PanicSummary = { ...REHEARSED, escalatedAt: null };
const SHOWN = [REHEARSED.id];
const nothing = () => {};

type Stage = 'waiting' | 'drawing' | 'done';

export function FirstAlertRehearsal({ bulk }: { bulk: BulkRef | undefined }) {
  const t = useT();
  const [stage, setStage] = useState<Stage>('waiting');
  useEffect(() => {
    if (stage === 'done' || typeof requestIdleCallback !== 'function') return;
    // Drawn in one idle moment, taken away in the next: its work is done once it was drawn.
    const handle = requestIdleCallback(() => setStage(stage === 'waiting' ? 'drawing' : 'done'), { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }, [stage]);
  if (stage !== 'drawing') return null;
  return (
    <div hidden data-rehearsal>
      <PanicBarView panics={[REHEARSED_PANIC]} onShow={nothing} onAcknowledge={nothing} counted={false} />
      {bulk && <BulkBar bulk={bulk} shown={SHOWN} />}
      <AlertsGrid
        rows={[REHEARSED]}
        shown={SHOWN}
        bulk={bulk}
        alertIds={{ [REHEARSED.id]: 'alert-rehearsal' }}
        onOpen={nothing}
        label={t('dashboard.rehearsal')}
      />
    </div>
  );
}
