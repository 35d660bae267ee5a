// The tools for a region's boundary on the form's map (issue 31), the zone editor's own: draw a polygon or a
// rectangle, reshape the boundary with its handles (move, add and delete vertices, drag it whole), undo and
// redo (buttons, or Ctrl+Z and Ctrl+Shift+Z); what would stop it routing panics is said before saving, in the server's words.
import { Button, makeStyles, Text, ToggleButton, tokens } from '@fluentui/react-components';
import {
  ArrowRedoRegular,
  ArrowUndoRegular,
  EditRegular,
  RectangleLandscapeRegular,
  ShapesRegular,
} from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import type { ActorRefFrom } from 'xstate';
import { boundaryProblem } from '../../domain/boundary-checks.ts';
import type { BoundaryShape, regionFormMachine } from '../../machines/regionFormMachine.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useUndoKeys } from '../useUndoKeys.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  tools: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

const SHAPES: { shape: BoundaryShape; label: MessageId; icon: ReactElement }[] = [
  { shape: 'polygon', label: 'regions.drawPolygon', icon: <ShapesRegular /> },
  { shape: 'rectangle', label: 'regions.drawRectangle', icon: <RectangleLandscapeRegular /> },
];

const HINTS = {
  polygon: 'regions.hintPolygon',
  rectangle: 'regions.hintRectangle',
  reshaping: 'regions.hintReshaping',
} as const satisfies Record<string, MessageId>;

export function BoundaryTools({ form }: { form: ActorRefFrom<typeof regionFormMachine> }) {
  const styles = useStyles();
  const t = useT();
  const boundary = useSelector(form, (s) => s.context.draft.boundary);
  const drawing = useSelector(form, (s) => (s.matches({ editing: 'drawing' }) ? s.context.drawShape : undefined));
  const reshaping = useSelector(form, (s) => s.matches({ editing: 'reshaping' }));
  const canUndo = useSelector(form, (s) => s.can({ type: 'boundary.undo' }));
  const canRedo = useSelector(form, (s) => s.can({ type: 'boundary.redo' }));
  const canEdit = useSelector(form, (s) => s.can({ type: 'boundary.edit' }));
  const editable = useSelector(form, (s) => s.matches('editing'));
  useUndoKeys(
    () => form.send({ type: 'boundary.undo' }),
    () => form.send({ type: 'boundary.redo' }),
  );
  const problem = boundary && boundaryProblem(boundary, 'The boundary');
  const hint = drawing ? HINTS[drawing] : reshaping ? HINTS.reshaping : undefined;
  return (
    <div className={styles.tools}>
      <div className={styles.bar} role="toolbar" aria-label={t('regions.boundaryTools')}>
        {SHAPES.map(({ shape, label, icon }) => (
          <ToggleButton
            key={shape}
            size="small"
            icon={icon}
            checked={drawing === shape}
            disabled={!editable}
            onClick={() => form.send(drawing === shape ? { type: 'boundary.done' } : { type: 'boundary.draw', shape })}
          >
            {t(label)}
          </ToggleButton>
        ))}
        <ToggleButton
          size="small"
          icon={<EditRegular />}
          checked={reshaping}
          disabled={!reshaping && !canEdit}
          onClick={() => form.send(reshaping ? { type: 'boundary.done' } : { type: 'boundary.edit' })}
        >
          {t('regions.editOnMap')}
        </ToggleButton>
        <Button
          size="small"
          icon={<ArrowUndoRegular />}
          disabled={!canUndo}
          onClick={() => form.send({ type: 'boundary.undo' })}
        >
          {t('regions.undo')}
        </Button>
        <Button
          size="small"
          icon={<ArrowRedoRegular />}
          disabled={!canRedo}
          onClick={() => form.send({ type: 'boundary.redo' })}
        >
          {t('regions.redo')}
        </Button>
      </div>
      {hint && (
        <div className={styles.bar} role="status" aria-label={t('regions.drawingBoundary')}>
          <Text>{t(hint)}</Text>
          <Button size="small" onClick={() => form.send({ type: 'boundary.done' })}>
            {t(drawing ? 'regions.cancelDrawing' : 'regions.done')}
          </Button>
        </div>
      )}
      {problem && (
        <Text className={styles.problem} role="alert" aria-label={t('regions.boundaryProblem')}>
          {t('regions.problemSentence', { problem })}
        </Text>
      )}
    </div>
  );
}
