import { Badge, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { CSSProperties } from 'react';
import type { Details } from './details.ts';
import { MAP_HEIGHT_PX } from './style.ts';
import { useT } from '../i18n/useT.ts';

const CARD_OFFSET_PX = 12;
const CLOSE = '×';
const CARD_WIDTH_PX = 240;

const useStyles = makeStyles({
  card: {
    position: 'absolute',
    zIndex: 3,
    width: `${CARD_WIDTH_PX}px`,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    fontSize: tokens.fontSizeBase200,
  },
  hovered: { pointerEvents: 'none' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    fontWeight: tokens.fontWeightSemibold,
  },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  rows: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalS, margin: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export interface PlacedDetails {
  details: Details;
  x: number;
  y: number;
  pinned: boolean;
  /** Width of the map panel when it was picked, to keep the card inside it. */
  panelWidth: number;
}

/** Next to the pointer, on the side with more room, so the card stays inside the panel. */
function cardPosition(x: number, y: number, panelWidth: number): CSSProperties {
  const right = x + CARD_OFFSET_PX;
  const left = right + CARD_WIDTH_PX > panelWidth ? Math.max(0, x - CARD_OFFSET_PX - CARD_WIDTH_PX) : right;
  return y < MAP_HEIGHT_PX / 2
    ? { left, top: y + CARD_OFFSET_PX }
    : { left, bottom: MAP_HEIGHT_PX - y + CARD_OFFSET_PX };
}

export function DetailsCard({
  placed,
  onClose,
  onProfile,
}: {
  placed: PlacedDetails;
  onClose: () => void;
  onProfile?: (touristId: string) => void;
}) {
  const styles = useStyles();
  const t = useT();
  const { details, x, y, pinned, panelWidth } = placed;
  const touristId = details.touristId;
  return (
    <section
      className={mergeClasses(styles.card, !pinned && styles.hovered)}
      style={cardPosition(x, y, panelWidth)}
      aria-label={t('map.detailsOf', { title: details.title })}
      role={pinned ? 'dialog' : 'tooltip'}
    >
      <div className={styles.header}>
        <span className={styles.title}>
          {details.title}
          {details.badge && (
            <Badge appearance="outline" color="warning" size="small">
              {details.badge}
            </Badge>
          )}
        </span>
        {pinned && (
          <Button size="small" appearance="subtle" onClick={onClose} aria-label={t('map.closeDetails')}>
            {CLOSE}
          </Button>
        )}
      </div>
      <dl className={styles.rows}>
        {details.rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {pinned && touristId && onProfile && (
        <Button size="small" onClick={() => onProfile(touristId)}>
          {t('map.profile')}
        </Button>
      )}
    </section>
  );
}
