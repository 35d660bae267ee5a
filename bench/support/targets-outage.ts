// Issue 47's figures: panics while PostgreSQL is away, through a TCP proxy that is cut (bench/store-outage.ts).
import { atMost, type FigureSpec } from './figure-spec.ts';

/** What phones and a dashboard saw through one cut of the store (bench/store-outage.ts). */
const cutFigures = (name: 'cut20s' | 'cut120s', seconds: number): FigureSpec[] => {
  const at = `storeOutage.${name}`;
  const script = 'store-outage.ts';
  return [
    {
      path: `${at}.worstMs`,
      label: `A ${seconds} s store cut, 5 phones sending a panic every 2 s: slowest answer`,
      unit: 'ms',
      script,
      target: atMost(2000, 'ms'),
    },
    {
      path: `${at}.non201`,
      label: `A ${seconds} s store cut: panics not answered 201`,
      unit: 'panics',
      script,
      target: atMost(0, 'panics'),
    },
    {
      path: `${at}.readsWorstMs`,
      label: `A ${seconds} s store cut: GET /incidents every second, slowest answer`,
      unit: 'ms',
      script,
      target: {
        text: '≤ 5000 ms, each a 503 with Retry-After',
        met: (value, figures) =>
          value <= 5000 && figures(`${at}.readsNot503`) === 0 && figures(`${at}.readsWithoutRetryAfter`) === 0,
      },
    },
  ];
};

export const OUTAGE_FIGURES: FigureSpec[] = [
  {
    path: 'storeOutage.panic.p99Ms',
    label: 'Panic POST while PostgreSQL is cut, p99 (floor: the start window answering from the journal)',
    unit: 'ms',
    script: 'store-outage.ts',
    floorPath: 'storeOutage.panic.floorP99Ms',
    ratioPath: 'storeOutage.panic.ratio',
    target: { text: '≤ 2× floor', met: (_value, at) => (at('storeOutage.panic.ratio') ?? Infinity) <= 2 },
  },
  {
    path: 'storeOutage.replay.storedMs',
    label: '1,000 panics journaled during a cut: from the restore until PostgreSQL holds them all',
    unit: 'ms',
    script: 'store-outage.ts',
    target: atMost(5000, 'ms'),
  },
  {
    path: 'storeOutage.replay.announcedMs',
    label: 'The same: until a stream kept open through the cut has announced each',
    unit: 'ms',
    script: 'store-outage.ts',
    target: atMost(5000, 'ms'),
  },
  {
    path: 'storeOutage.healthy.p99Ms',
    label: 'Panic POST on PostgreSQL, store healthy, p99 (floor: the code before issue 47, BENCH_BASELINE_DIR)',
    unit: 'ms',
    script: 'store-outage.ts',
    floorPath: 'storeOutage.healthy.baselineP99Ms',
    ratioPath: 'storeOutage.healthy.ratio',
    target: {
      text: '≤ 1× floor',
      met: (_value, at) => {
        const ratio = at('storeOutage.healthy.ratio');
        return ratio === null ? undefined : ratio <= 1;
      },
    },
  },
  {
    path: 'storeOutage.lostOrDoubled',
    label: 'Panics answered 201 around the cuts and then lost, stored twice, or not announced once',
    unit: 'panics',
    script: 'store-outage.ts',
    target: atMost(0, 'panics'),
  },
  ...cutFigures('cut20s', 20),
  ...cutFigures('cut120s', 120),
];
