// The Zones view's tools: drawing a polygon, a rectangle or a circle, editing or deleting the selected zone and
// importing (supervisors and up); exporting the zones shown or all of them as GeoJSON or KML (everyone).
import { Button, makeStyles, Menu, MenuItemLink, MenuList, MenuPopover, MenuTrigger, ToggleButton, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, CircleRegular, DeleteRegular, EditRegular, RectangleLandscapeRegular, ShapesRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { zonesExportUrl } from '../../api/zones-client.ts';
import type { DrawShape } from '../../machines/zonesEditorMachine.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const SHAPES: { shape: DrawShape; label: string; icon: ReactElement }[] = [
  { shape: 'polygon', label: 'Draw polygon', icon: <ShapesRegular /> },
  { shape: 'rectangle', label: 'Draw rectangle', icon: <RectangleLandscapeRegular /> },
  { shape: 'circle', label: 'Draw circle', icon: <CircleRegular /> },
];

export interface ZonesToolbarProps {
  mayEdit: boolean;
  drawing: DrawShape | undefined;
  canDraw: boolean;
  canEditSelected: boolean;
  regionId: string;
  onDraw: (shape: DrawShape) => void;
  onEdit: () => void;
  onDelete: () => void;
  onImport: () => void;
}

export function ZonesToolbar(props: ZonesToolbarProps) {
  const styles = useStyles();
  const { mayEdit, drawing, canDraw, canEditSelected, regionId } = props;
  const regionLabel = regionId === 'all' ? 'All regions' : `Region ${regionId}`;
  return (
    <div className={styles.bar} role="toolbar" aria-label="Zone tools">
      {mayEdit &&
        SHAPES.map(({ shape, label, icon }) => (
          <ToggleButton key={shape} size="small" icon={icon} checked={drawing === shape} disabled={!canDraw && drawing === undefined} onClick={() => props.onDraw(shape)}>
            {label}
          </ToggleButton>
        ))}
      {mayEdit && (
        <>
          <Button size="small" icon={<EditRegular />} disabled={!canEditSelected} onClick={props.onEdit}>
            Edit zone
          </Button>
          <Button size="small" icon={<DeleteRegular />} disabled={!canEditSelected} onClick={props.onDelete}>
            Delete zone
          </Button>
          <Button size="small" icon={<ArrowUploadRegular />} disabled={!canDraw} onClick={props.onImport}>
            Import
          </Button>
        </>
      )}
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button size="small" icon={<ArrowDownloadRegular />}>
            Export
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {regionId !== 'all' && (
              <>
                <MenuItemLink href={zonesExportUrl(regionId, 'geojson')} download>
                  {regionLabel} as GeoJSON
                </MenuItemLink>
                <MenuItemLink href={zonesExportUrl(regionId, 'kml')} download>
                  {regionLabel} as KML
                </MenuItemLink>
              </>
            )}
            <MenuItemLink href={zonesExportUrl('all', 'geojson')} download>
              All regions as GeoJSON
            </MenuItemLink>
            <MenuItemLink href={zonesExportUrl('all', 'kml')} download>
              All regions as KML
            </MenuItemLink>
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}
