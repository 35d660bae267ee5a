// What an admin's or supervisor's last act came to, above the list it changed: a refusal as an alert (read
// out at once), a success as a status.
import { MessageBar, MessageBarBody } from '@fluentui/react-components';

export function ActOutcome({ errors = [], notice }: { errors?: (string | undefined)[]; notice?: string }) {
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
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
