import { makeStyles, NavDrawer, NavDrawerBody, NavItem, type NavItemValue } from '@fluentui/react-components';
import { BoardRegular, DataBarVerticalRegular, GlobeRegular, HistoryRegular, LinkRegular, MapRegular, PeopleRegular, PersonAvailableRegular, SendRegular, TvRegular } from '@fluentui/react-icons';
import { useMay } from '../session-actor.ts';

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
export type NavValue = 'dashboard' | 'anchors' | 'analytics' | 'audit' | 'verify' | 'accounts' | 'regions' | 'zones' | 'webhooks' | 'wall';

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
  const mayAudit = useMay('audit');
  const mayBind = useMay('bindDid');
  const mayManageAccounts = useMay('manageAccounts');
  const mayManageRegions = useMay('manageRegions');
  const mayManageWebhooks = useMay('manageWebhooks');
  return (
    <NavDrawer
      className={styles.drawer}
      aria-label="Main menu"
      open={open}
      type={overlay ? 'overlay' : 'inline'}
      selectedValue={selected}
      onNavItemSelect={(_, data) => onSelect(data.value as NavValue)}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <NavDrawerBody>
        <NavItem value={'dashboard' satisfies NavItemValue} icon={<BoardRegular />}>
          Dashboard
        </NavItem>
        <NavItem value="anchors" icon={<LinkRegular />}>
          Anchors
        </NavItem>
        <NavItem value="analytics" icon={<DataBarVerticalRegular />}>
          Analytics
        </NavItem>
        <NavItem value="zones" icon={<MapRegular />}>
          Zones
        </NavItem>
        {mayAudit && (
          <NavItem value="audit" icon={<HistoryRegular />}>
            Audit
          </NavItem>
        )}
        {mayBind && (
          <NavItem value="verify" icon={<PersonAvailableRegular />}>
            Verify tourist
          </NavItem>
        )}
        {mayManageAccounts && (
          <NavItem value="accounts" icon={<PeopleRegular />}>
            Accounts
          </NavItem>
        )}
        {mayManageRegions && (
          <NavItem value="regions" icon={<GlobeRegular />}>
            Regions
          </NavItem>
        )}
        {mayManageWebhooks && (
          <NavItem value="webhooks" icon={<SendRegular />}>
            Webhooks
          </NavItem>
        )}
        <NavItem value="wall" icon={<TvRegular />}>
          Wall screen
        </NavItem>
      </NavDrawerBody>
    </NavDrawer>
  );
}
