// A number to call, as a link a phone's dialler opens: a target of at least 24 px (WCAG 2.2 AA, 2.5.8), and
// 44 px on a phone in the field (issue 35).
import { Link, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { PHONE_MEDIA } from '../breakpoints.ts';

/** What a phone's dialler accepts from a `tel:` link. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

const useStyles = makeStyles({
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '24px', [PHONE_MEDIA]: { minHeight: '44px' } },
});

export function PhoneLink({ phone, children }: { phone: string; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <Link className={styles.link} href={telHref(phone)}>
      {children ?? phone}
    </Link>
  );
}
