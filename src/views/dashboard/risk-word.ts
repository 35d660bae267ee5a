// A risk level as the operator reads it: the three the map colours, in the console's language; any other
// level a server sends is shown as it came.
import type { Translate } from '../../i18n/useT.ts';

const RISK_WORDS = {
  red: 'dashboard.risk.red',
  yellow: 'dashboard.risk.yellow',
  green: 'dashboard.risk.green',
} as const;

export const riskWord = (risk: string, t: Translate): string =>
  risk in RISK_WORDS ? t(RISK_WORDS[risk as keyof typeof RISK_WORDS]) : risk;
