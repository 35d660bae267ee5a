// The tools for a region's boundary on the form's map (issue 31), the zone editor's own: draw a polygon or a
// rectangle, reshape the boundary with its handles (move, add and delete vertices, drag it whole), undo and
// redo (buttons, or Ctrl+Z and Ctrl+Shift+Z); what would stop it routing panics is said before saving, in the server's words.
import { Button, makeStyles, Text, ToggleButton, tokens } from '@fluentui/react-components';
import { ArrowRedoRegular, ArrowUndoRegular, EditRegular, RectangleLandscapeRegular, ShapesRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import type { ActorRefFrom } from 'xstate';
import { boundaryProblem } from '../../domain/boundary-checks.ts';
import type { BoundaryShape, regionFormMachine } from '../../machines/regionFormMachine.ts';
import { useUndoKeys } from '../useUndoKeys.ts';

const useStyles = makeStyles({
  tools: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

const SHAPES: { shape: BoundaryShape; label: string; icon: ReactElement }[] = [
  { shape: 'polygon', label: 'Draw polygon', icon: <ShapesRegular /> },
  { shape: 'rectangle', label: 'Draw rectangle', icon: <RectangleLandscapeRegular /> },
];

const HINTS = {
  polygon: 'Click on the map to place each vertex; click the first vertex to close the boundary.',
  rectangle: 'Click one corner on the map, then the opposite corner.',
  reshaping: 'Drag a vertex to move it or the boundary to move it whole; click a midpoint to add a vertex, right-click a vertex to delete it.',
} as const;

export function BoundaryTools({ form }: { form: ActorRefFrom<typeof regionFormMachine> }) {
  const styles = useStyles();
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
      <div className={styles.bar} role="toolbar" aria-label="Boundary tools">
        {SHAPES.map(({ shape, label, icon }) => (
          <ToggleButton
            key={shape}
            size="small"
            icon={icon}
            checked={drawing === shape}
            disabled={!editable}
            onClick={() => form.send(drawing === shape ? { type: 'boundary.done' } : { type: 'boundary.draw', shape })}
          >
            {label}
          </ToggleButton>
        ))}
        <ToggleButton
          size="small"
          icon={<EditRegular />}
          checked={reshaping}
          disabled={!reshaping && !canEdit}
          onClick={() => form.send(reshaping ? { type: 'boundary.done' } : { type: 'boundary.edit' })}
        >
          Edit on the map
        </ToggleButton>
        <Button size="small" icon={<ArrowUndoRegular />} disabled={!canUndo} onClick={() => form.send({ type: 'boundary.undo' })}>
          Undo
        </Button>
        <Button size="small" icon={<ArrowRedoRegular />} disabled={!canRedo} onClick={() => form.send({ type: 'boundary.redo' })}>
          Redo
        </Button>
      </div>
      {hint && (
        <div className={styles.bar} role="status" aria-label="Drawing the boundary">
          <Text>{hint}</Text>
          <Button size="small" onClick={() => form.send({ type: 'boundary.done' })}>
            {drawing ? 'Cancel drawing' : 'Done'}
          </Button>
        </div>
      )}
      {problem && (
        <Text className={styles.problem} role="alert" aria-label="Boundary problem">
          {`${problem}.`}
        </Text>
      )}
    </div>
  );
}
