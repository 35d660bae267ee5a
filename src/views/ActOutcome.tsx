// What an admin's or supervisor's last act came to, above the list it changed: a refusal as an alert (read
// out at once), a success as a status.
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { Said } from '../i18n/said.ts';
import { useT } from '../i18n/useT.ts';

export function ActOutcome({ errors = [], notice }: { errors?: (string | undefined)[]; notice?: Said }) {
  const t = useT();
  return (
    <>
      {errors
        .filter((error): error is string => Boolean(error))
        .map((error) => (
          <MessageBar key={error} intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        ))}
      {notice && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t(notice.id, notice.values)}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
