// Draws the first paint's alerts table (first-table.ts) with plain DOM calls, as text only (never as HTML:
// an incident's fields come from phones). It covers the page, which the console renders beneath it, until
// the console takes over (handover.ts). Its look lives in index.html's <style>.
import { FIRST_PAINT_ID } from './handover.ts';
import { FIRST_TABLE_COLUMNS, type FirstTable } from './first-table.ts';

const INCIDENT_ID_COLUMN = FIRST_TABLE_COLUMNS.indexOf('Incident ID');
const ALERT_ID_COLUMN = FIRST_TABLE_COLUMNS.indexOf('Alert ID');
const STATUS_COLUMN = FIRST_TABLE_COLUMNS.indexOf('Status');

function element<K extends keyof HTMLElementTagNameMap>(tag: K, content?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (content !== undefined) node.textContent = content;
  if (className) node.className = className;
  return node;
}

function tableOf({ rows }: FirstTable): HTMLTableElement {
  const table = element('table');
  table.setAttribute('aria-label', 'Alerts');
  const head = table.createTHead().insertRow();
  for (const column of FIRST_TABLE_COLUMNS) head.append(element('th', column));
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.cells.forEach((cell, index) => {
      const id = index === INCIDENT_ID_COLUMN || index === ALERT_ID_COLUMN;
      tr.append(element('td', cell, id ? 'id' : index === STATUS_COLUMN && row.open ? 'open' : undefined));
    });
  }
  return table;
}

function notShownLine({ notShown }: FirstTable): string | undefined {
  if (notShown.alerts === 0) return undefined;
  const open = notShown.open > 0 ? `, ${notShown.open.toLocaleString()} of them open` : '';
  return `${notShown.alerts.toLocaleString()} more alerts${open}: the console shows them all once it has loaded.`;
}

/** Puts the first paint on the page; answers its element. */
export function paintFirstTable(table: FirstTable, dark: boolean): HTMLElement {
  const cover = element('div', undefined, dark ? 'dark' : undefined);
  cover.id = FIRST_PAINT_ID;
  cover.setAttribute('aria-busy', 'true');
  cover.append(element('h1', 'Panic Alerts Dashboard'), element('p', 'Loading the live console…', 'note'));
  cover.append(element('h2', 'Alerts'));
  if (table.rows.length === 0) cover.append(element('span', 'No alerts yet.'));
  else cover.append(tableOf(table));
  const more = notShownLine(table);
  if (more) cover.append(element('p', more, 'note'));
  document.body.append(cover);
  return cover;
}
