// A region's boundary as GeoJSON, pasted or uploaded, checked before it joins the draft: the alternative to
// drawing it on the map (BoundaryTools). The box shows the boundary as it now is, however it was made.
import { Button, Field, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState, type ChangeEvent } from 'react';
import { boundaryFromGeoJson } from '../../domain/region-draft.ts';
import { boundarySummary } from './boundary-summary.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

/** A boundary as GeoJSON (the format the box takes), so the current one can be copied out and edited. */
function asGeoJson(boundary: readonly (readonly [number, number])[] | null): string {
  if (!boundary) return '';
  const ring = [...boundary, boundary[0]].map(([lat, lng]) => [lng, lat]);
  return JSON.stringify({ type: 'Polygon', coordinates: [ring] });
}

export function BoundaryEditor({
  boundary,
  onBoundary,
}: {
  boundary: [number, number][] | null;
  onBoundary: (boundary: [number, number][] | null) => void;
}) {
  const styles = useStyles();
  const t = useT();
  const [text, setText] = useState(() => asGeoJson(boundary));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // A boundary drawn, reshaped, undone or applied replaces what the box shows (React's derived-state pattern).
  const [shownFor, setShownFor] = useState(boundary);
  if (shownFor !== boundary) {
    setShownFor(boundary);
    setText(asGeoJson(boundary));
    setProblem(undefined);
  }
  const apply = (geoJson: string) => {
    const read = boundaryFromGeoJson(geoJson, t);
    if ('error' in read) return setProblem(read.error);
    setProblem(undefined);
    onBoundary(read.boundary);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    apply(content);
  };
  return (
    <div className={styles.editor}>
      <Field label={t('regions.geoJsonLabel')} validationState={problem ? 'error' : 'none'} validationMessage={problem}>
        <Textarea resize="vertical" rows={4} value={text} onChange={(_, data) => setText(data.value)} />
      </Field>
      <div className={styles.buttons}>
        <Button onClick={() => apply(text)}>{t('regions.applyBoundary')}</Button>
        <label>
          <Text>{t('regions.uploadGeoJson')} </Text>
          <input
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            aria-label={t('regions.uploadGeoJson')}
            onChange={(event) => void upload(event)}
          />
        </label>
        <Button
          onClick={() => {
            setText('');
            setProblem(undefined);
            onBoundary(null);
          }}
        >
          {t('regions.clearBoundary')}
        </Button>
        <Text aria-label={t('regions.boundarySummary')}>{boundarySummary(boundary, t)}</Text>
      </div>
    </div>
  );
}
