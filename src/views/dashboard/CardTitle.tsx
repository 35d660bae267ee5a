// A card's title line: its heading, what belongs beside it, and an optional action at the end. Used
// instead of Fluent's CardHeader in the cards the stream re-renders: CardHeader sets state in an effect on
// every render, and a burst of stream messages, each a render, then piled up nested updates until React
// gave up ("Maximum update depth exceeded") and blanked the page, panics and all.
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  action: { marginLeft: 'auto' },
});

export function CardTitle({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Text weight="semibold" as="h2">
        {title}
      </Text>
      {children}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
