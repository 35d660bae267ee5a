// The score scale and its colour bands (API.md "Scores", SPEC §9), for the server that computes scores
// and the dashboard that shows them.
export const MAX_SCORE = 900;
export const GREEN_FROM = 700;
export const YELLOW_FROM = 400;

export type ScoreBand = 'green' | 'yellow' | 'red';

export function scoreBand(score: number): ScoreBand {
  if (score >= GREEN_FROM) return 'green';
  if (score >= YELLOW_FROM) return 'yellow';
  return 'red';
}
