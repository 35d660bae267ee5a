import { makeStyles, NavDrawer, NavDrawerBody, NavItem, type NavItemValue } from '@fluentui/react-components';
import {
  BoardRegular,
  DataBarVerticalRegular,
  GlobeRegular,
  HistoryRegular,
  LinkRegular,
  MapRegular,
  PeopleRegular,
  PersonAvailableRegular,
  SendRegular,
  TvRegular,
} from '@fluentui/react-icons';
import { useMay } from '../session-actor.ts';
import { useT } from '../../i18n/useT.ts';
import { useArrowKeyFocus } from '../useArrowKeyFocus.ts';

const useStyles = makeStyles({
  // Inline beside a wide table, the drawer would otherwise be shrunk to nothing.
  drawer: { flexShrink: 0 },
});

/**
 * Anchors has no view of its own: it only highlights in the menu (SPEC §2). Audit is issue 10's, Verify
 * tourist issue 30's (supervisor and up), Accounts issue 31's (admin). Zones is issue 31's too: every role reads
 * the zones there; only supervisors and up are offered its editing tools. Webhooks is issue 34's (admin).
 * Wall screen (issue 35) is not a view: it turns the whole page into the room's screen.
 */
export type NavValue =
  | 'dashboard'
  | 'anchors'
  | 'analytics'
  | 'audit'
  | 'verify'
  | 'accounts'
  | 'regions'
  | 'zones'
  | 'webhooks'
  | 'wall';

/** The menu's items in order; those of a permission only for who has it. */
const MENU = [
  { value: 'dashboard', label: 'nav.dashboard', Icon: BoardRegular },
  { value: 'anchors', label: 'nav.anchors', Icon: LinkRegular },
  { value: 'analytics', label: 'nav.analytics', Icon: DataBarVerticalRegular },
  { value: 'zones', label: 'nav.zones', Icon: MapRegular },
  { value: 'audit', label: 'nav.audit', Icon: HistoryRegular },
  { value: 'verify', label: 'nav.verify', Icon: PersonAvailableRegular },
  { value: 'accounts', label: 'nav.accounts', Icon: PeopleRegular },
  { value: 'regions', label: 'nav.regions', Icon: GlobeRegular },
  { value: 'webhooks', label: 'nav.webhooks', Icon: SendRegular },
  { value: 'wall', label: 'nav.wall', Icon: TvRegular },
] as const satisfies readonly { value: NavValue; label: string; Icon: unknown }[];

export function SideNav({
  open,
  overlay,
  selected,
  onSelect,
  onClose,
}: {
  open: boolean;
  overlay: boolean;
  selected: NavValue;
  onSelect: (value: NavValue) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const t = useT();
  const may = {
    audit: useMay('audit'),
    verify: useMay('bindDid'),
    accounts: useMay('manageAccounts'),
    regions: useMay('manageRegions'),
    webhooks: useMay('manageWebhooks'),
  } satisfies Partial<Record<NavValue, boolean>>;
  const items = MENU.filter(({ value }) => may[value as keyof typeof may] ?? true);
  const keys = useArrowKeyFocus(
    'vertical',
    items.map(({ value }) => value),
    selected,
  );
  return (
    <NavDrawer
      className={styles.drawer}
      aria-label={t('shell.mainMenu')}
      open={open}
      type={overlay ? 'overlay' : 'inline'}
      selectedValue={selected}
      onNavItemSelect={(_, data) => onSelect(data.value as NavValue)}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      {/* Without its tabster mover (and its focus sentinels): useArrowKeyFocus moves focus instead. */}
      <NavDrawerBody data-tabster={undefined} onKeyDown={keys.onKeyDown}>
        {items.map(({ value, label, Icon }) => (
          <NavItem key={value} value={value satisfies NavItemValue} icon={<Icon />} {...keys.itemProps(value)}>
            {t(label)}
          </NavItem>
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}
