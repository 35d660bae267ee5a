import { makeStyles, NavDrawer, NavDrawerBody, NavItem, type NavItemValue } from '@fluentui/react-components';
import { BoardRegular, DataBarVerticalRegular, GlobeRegular, HistoryRegular, LinkRegular, MapRegular, PeopleRegular, PersonAvailableRegular, SendRegular, TvRegular } from '@fluentui/react-icons';
import { useMay } from '../session-actor.ts';
import { useT } from '../../i18n/useT.ts';

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
  const t = useT();
  const mayAudit = useMay('audit');
  const mayBind = useMay('bindDid');
  const mayManageAccounts = useMay('manageAccounts');
  const mayManageRegions = useMay('manageRegions');
  const mayManageWebhooks = useMay('manageWebhooks');
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
      <NavDrawerBody>
        <NavItem value={'dashboard' satisfies NavItemValue} icon={<BoardRegular />}>
          {t('nav.dashboard')}
        </NavItem>
        <NavItem value="anchors" icon={<LinkRegular />}>
          {t('nav.anchors')}
        </NavItem>
        <NavItem value="analytics" icon={<DataBarVerticalRegular />}>
          {t('nav.analytics')}
        </NavItem>
        <NavItem value="zones" icon={<MapRegular />}>
          {t('nav.zones')}
        </NavItem>
        {mayAudit && (
          <NavItem value="audit" icon={<HistoryRegular />}>
            {t('nav.audit')}
          </NavItem>
        )}
        {mayBind && (
          <NavItem value="verify" icon={<PersonAvailableRegular />}>
            {t('nav.verify')}
          </NavItem>
        )}
        {mayManageAccounts && (
          <NavItem value="accounts" icon={<PeopleRegular />}>
            {t('nav.accounts')}
          </NavItem>
        )}
        {mayManageRegions && (
          <NavItem value="regions" icon={<GlobeRegular />}>
            {t('nav.regions')}
          </NavItem>
        )}
        {mayManageWebhooks && (
          <NavItem value="webhooks" icon={<SendRegular />}>
            {t('nav.webhooks')}
          </NavItem>
        )}
        <NavItem value="wall" icon={<TvRegular />}>
          {t('nav.wall')}
        </NavItem>
      </NavDrawerBody>
    </NavDrawer>
  );
}
