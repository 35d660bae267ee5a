// The Zones view's tools: drawing a polygon, a rectangle or a circle, editing or deleting the selected zone and
// importing (supervisors and up); exporting the zones shown or all of them as GeoJSON or KML (everyone).
import {
  Button,
  makeStyles,
  Menu,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ArrowUploadRegular,
  CircleRegular,
  DeleteRegular,
  EditRegular,
  RectangleLandscapeRegular,
  ShapesRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { zonesExportUrl } from '../../api/zones-client.ts';
import type { DrawShape } from '../../machines/zonesEditorSetup.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const SHAPES: { shape: DrawShape; label: MessageId; icon: ReactElement }[] = [
  { shape: 'polygon', label: 'zones.drawPolygon', icon: <ShapesRegular /> },
  { shape: 'rectangle', label: 'zones.drawRectangle', icon: <RectangleLandscapeRegular /> },
  { shape: 'circle', label: 'zones.drawCircle', icon: <CircleRegular /> },
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
  const t = useT();
  const { mayEdit, drawing, canDraw, canEditSelected, regionId } = props;
  return (
    <div className={styles.bar} role="toolbar" aria-label={t('zones.tools')}>
      {mayEdit &&
        SHAPES.map(({ shape, label, icon }) => (
          <ToggleButton
            key={shape}
            size="small"
            icon={icon}
            checked={drawing === shape}
            disabled={!canDraw && drawing === undefined}
            onClick={() => props.onDraw(shape)}
          >
            {t(label)}
          </ToggleButton>
        ))}
      {mayEdit && (
        <>
          <Button size="small" icon={<EditRegular />} disabled={!canEditSelected} onClick={props.onEdit}>
            {t('zones.editZone')}
          </Button>
          <Button size="small" icon={<DeleteRegular />} disabled={!canEditSelected} onClick={props.onDelete}>
            {t('zones.deleteZone')}
          </Button>
          <Button size="small" icon={<ArrowUploadRegular />} disabled={!canDraw} onClick={props.onImport}>
            {t('zones.import')}
          </Button>
        </>
      )}
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button size="small" icon={<ArrowDownloadRegular />}>
            {t('zones.export')}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {regionId !== 'all' && (
              <>
                <MenuItemLink href={zonesExportUrl(regionId, 'geojson')} download>
                  {t('zones.regionGeoJson', { region: regionId })}
                </MenuItemLink>
                <MenuItemLink href={zonesExportUrl(regionId, 'kml')} download>
                  {t('zones.regionKml', { region: regionId })}
                </MenuItemLink>
              </>
            )}
            <MenuItemLink href={zonesExportUrl('all', 'geojson')} download>
              {t('zones.allGeoJson')}
            </MenuItemLink>
            <MenuItemLink href={zonesExportUrl('all', 'kml')} download>
              {t('zones.allKml')}
            </MenuItemLink>
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}
