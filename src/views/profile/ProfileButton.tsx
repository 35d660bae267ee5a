import { Button } from '@fluentui/react-components';
import { useOpenProfile } from './ProfileOpener.tsx';
import { useT } from '../../i18n/useT.ts';

/** "Profile": opens the tourist's profile panel (issue 34); nothing without a tourist or outside the dashboard. */
export function ProfileButton({ touristId }: { touristId: string | null | undefined }) {
  const t = useT();
  const openProfile = useOpenProfile();
  if (!touristId || !openProfile) return null;
  return (
    <Button size="small" onClick={() => openProfile(touristId)}>
      {t('profile.open')}
    </Button>
  );
}
