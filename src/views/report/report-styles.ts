// The report's look on screen and on paper: one column a sheet of A4 wide, sections that keep together,
// and nothing in print that only works on screen (the toolbar).
import { makeStyles, tokens } from '@fluentui/react-components';

/** `@page` cannot be written through makeStyles: ReportPage puts it in a <style> element. */
export const PAGE_RULE = '@page { size: A4; margin: 14mm 12mm; }';

export const useReportStyles = makeStyles({
  page: {
    boxSizing: 'border-box',
    maxWidth: '210mm',
    margin: '0 auto',
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    minHeight: '100vh',
    printColorAdjust: 'exact',
    '@media print': { padding: 0, maxWidth: 'none', minHeight: 'auto' },
  },
  toolbar: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    marginBottom: tokens.spacingVerticalM,
    '@media print': { display: 'none' },
  },
  heading: {
    margin: `0 0 ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
  },
  generated: { color: tokens.colorNeutralForeground3, margin: 0 },
  section: {
    marginTop: tokens.spacingVerticalL,
    breakInside: 'avoid',
  },
  /** Long sections start a sheet of their own in print, and may run over several. */
  longSection: {
    marginTop: tokens.spacingVerticalL,
    '@media print': { breakBefore: 'page' },
  },
  sectionTitle: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    breakAfter: 'avoid',
  },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    '& th, & td': {
      textAlign: 'left',
      verticalAlign: 'top',
      padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    },
    '& th': { fontWeight: tokens.fontWeightSemibold },
    '& tr': { breakInside: 'avoid' },
  },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  map: {
    width: '100%',
    height: 'auto',
    display: 'block',
    backgroundColor: '#f3f2f1',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  mapLegend: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    margin: `${tokens.spacingVerticalXS} 0 0`,
    color: tokens.colorNeutralForeground2,
  },
});
