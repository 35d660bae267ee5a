// Draws the first paint's alerts table (first-table.ts) with plain DOM calls, as text only (never as HTML:
// an incident's fields come from phones). It covers the page, which the console renders beneath it, until
// the console takes over (handover.ts). Its look lives in index.html's <style>.
import { FIRST_PAINT_ID } from './handover.ts';
import { FIRST_TABLE_COLUMN_IDS, type FirstTable } from './first-table.ts';
import { FIRST_PAINT_WORDS, type FirstPaintWords } from './words.ts';

const INCIDENT_ID_COLUMN = FIRST_TABLE_COLUMN_IDS.indexOf('dashboard.column.incidentId');
const ALERT_ID_COLUMN = FIRST_TABLE_COLUMN_IDS.indexOf('dashboard.column.alertId');
const STATUS_COLUMN = FIRST_TABLE_COLUMN_IDS.indexOf('dashboard.column.status');

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  content?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (content !== undefined) node.textContent = content;
  if (className) node.className = className;
  return node;
}

function tableOf({ rows }: FirstTable, words: FirstPaintWords): HTMLTableElement {
  const table = element('table');
  table.setAttribute('aria-label', words['dashboard.alerts']);
  const head = table.createTHead().insertRow();
  for (const column of FIRST_TABLE_COLUMN_IDS) head.append(element('th', words[column]));
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

function notShownLine(
  { notShown }: FirstTable,
  words: FirstPaintWords,
  locale: string | undefined,
): string | undefined {
  if (notShown.alerts === 0) return undefined;
  const sentence = notShown.open > 0 ? words['dashboard.moreAlertsOpen'] : words['dashboard.moreAlerts'];
  return sentence
    .replace('{alerts}', notShown.alerts.toLocaleString(locale))
    .replace('{open}', notShown.open.toLocaleString(locale));
}

/** Puts the first paint on the page, in `words` (`locale` for its counts); answers its element. */
export function paintFirstTable(
  table: FirstTable,
  dark: boolean,
  words: FirstPaintWords = FIRST_PAINT_WORDS.en,
  locale?: string,
): HTMLElement {
  const cover = element('div', undefined, dark ? 'dark' : undefined);
  cover.id = FIRST_PAINT_ID;
  cover.setAttribute('aria-busy', 'true');
  cover.append(element('h1', words['app.title']), element('p', words['dashboard.loadingConsole'], 'note'));
  cover.append(element('h2', words['dashboard.alerts']));
  if (table.rows.length === 0) cover.append(element('span', words['dashboard.noAlerts']));
  else cover.append(tableOf(table, words));
  const more = notShownLine(table, words, locale);
  if (more) cover.append(element('p', more, 'note'));
  document.body.append(cover);
  return cover;
}
