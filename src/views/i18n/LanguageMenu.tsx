// The top bar's language switch (issue 36): each language named in its own script, and the clock's
// settings (12-hour, the language's own digits) beside it.
import {
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItemCheckbox,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  makeStyles,
} from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages.ts';
import { LanguageActor } from './language-actor.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  failed: { color: tokens.colorPaletteRedForeground1 },
  touch: { minHeight: '44px' },
});

export function LanguageMenu({ touch = false }: { touch?: boolean }) {
  const styles = useStyles();
  const t = useT();
  const { send } = LanguageActor.useActorRef();
  const language = LanguageActor.useSelector((s) => s.context.language);
  const shown = LanguageActor.useSelector((s) => s.context.shown);
  const failed = LanguageActor.useSelector((s) => s.context.failed);
  const hour12 = LanguageActor.useSelector((s) => s.context.hour12);
  const nativeDigits = LanguageActor.useSelector((s) => s.context.nativeDigits);
  const checked = {
    language: [language],
    clock: [...(hour12 ? ['hour12'] : []), ...(nativeDigits ? ['nativeDigits'] : [])],
  };
  return (
    <>
      <Menu
        checkedValues={checked}
        onCheckedValueChange={(_, { name, checkedItems }) => {
          if (name === 'language' && isLanguage(checkedItems[0]))
            send({ type: 'language.choose', language: checkedItems[0] });
          if (name === 'clock') {
            if (checkedItems.includes('hour12') !== hour12) send({ type: 'hour12.toggle' });
            if (checkedItems.includes('nativeDigits') !== nativeDigits) send({ type: 'nativeDigits.toggle' });
          }
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button
            className={touch ? styles.touch : undefined}
            icon={<LocalLanguageRegular />}
            aria-label={t('settings.languageButton', { language: LANGUAGE_NAMES[shown] })}
          >
            {LANGUAGE_NAMES[shown]}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>{t('settings.language')}</MenuGroupHeader>
              {LANGUAGES.map((option) => (
                <MenuItemRadio key={option} name="language" value={option} lang={option}>
                  {LANGUAGE_NAMES[option]}
                </MenuItemRadio>
              ))}
            </MenuGroup>
            <MenuDivider />
            <MenuItemCheckbox name="clock" value="hour12">
              {t('settings.hour12')}
            </MenuItemCheckbox>
            <MenuItemCheckbox name="clock" value="nativeDigits">
              {t('settings.nativeDigits')}
            </MenuItemCheckbox>
          </MenuList>
        </MenuPopover>
      </Menu>
      {failed && (
        <Text role="alert" className={styles.failed}>
          {t('settings.loadFailed', { language: LANGUAGE_NAMES[failed], current: LANGUAGE_NAMES[shown] })}
        </Text>
      )}
    </>
  );
}
