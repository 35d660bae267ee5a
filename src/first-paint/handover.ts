// The hand-over from the first paint (an alerts table drawn without the console's code) to the console: the
// console removes it once its own table has its rows, or once it shows something else (the sign-in page, an
// error), in the same task as that render, so the page never holds two alerts tables.
export const FIRST_PAINT_ID = 'first-paint';

export function endFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
