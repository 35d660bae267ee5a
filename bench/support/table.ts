import { figureAt, type FigureTree } from './figures.ts';
import type { FigureSpec } from './targets.ts';

function numberAt(figures: FigureTree, path: string | undefined): number | null {
  if (!path) return null;
  const value = figureAt(figures, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function show(value: number | null, unit = ''): string {
  if (value === null) return '—';
  const text = Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en') : String(Math.round(value * 10) / 10);
  return unit ? `${text} ${unit}` : text;
}

/** One row per figure: figure | measured | floor | ratio | target | met? */
export function figureRows(specs: readonly FigureSpec[], figures: FigureTree): string[][] {
  const at = (path: string) => numberAt(figures, path);
  return specs.map((spec) => {
    const value = at(spec.path);
    const ratio = numberAt(figures, spec.ratioPath);
    const verdict = !spec.target || value === null ? undefined : spec.target.met(value, at);
    const met = !spec.target ? '' : verdict === undefined ? 'not measured' : verdict ? 'yes' : 'NO';
    return [
      spec.label,
      show(value, spec.unit),
      show(numberAt(figures, spec.floorPath), spec.floorPath ? spec.unit : ''),
      ratio === null ? '—' : `${ratio}×`,
      spec.target?.text ?? '—',
      met,
    ];
  });
}

export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
