import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NearbyUnit } from '../../src/api/responders.ts';
import { RESPONDER_COLOURS, UNAVAILABLE_COLOUR } from '../../src/map/layers.ts';
import { Legend } from '../../src/map/Legend.tsx';
import { emptyLiveFrame, legendOf, nextLiveFrame, TRAIL_CAP } from '../../src/map/live-frame.ts';
import { cssColour, GPS_PALETTE } from '../../src/map/style.ts';
import { ping } from './fixtures.ts';
import { InEnglish } from '../views/support/in-english.tsx';

afterEach(cleanup);

describe('GPS legend', () => {
  it('says when trails are drawn for the first devices only', () => {
    const keys = Array.from({ length: TRAIL_CAP + 3 }, (_, i) => `device-${i}`);
    const history = Object.fromEntries(keys.map((key) => [key, [{ latitude: 1, longitude: 1, at: '' }]]));
    const { entries, more, trailsHidden } = legendOf(nextLiveFrame(emptyLiveFrame, [], history));
    render(
      <InEnglish>
        <Legend entries={entries} more={more} trailsHidden={trailsHidden} />
      </InEnglish>,
    );
    const legend = screen.getByRole('region', { name: 'Live GPS legend' });
    expect(within(legend).getByText(`Trails shown for the first ${TRAIL_CAP} devices (3 more without)`)).toBeTruthy();
  });

  it('shows the first 10 live keys with their palette colours, then +N more…', () => {
    const pings = Array.from({ length: 12 }, (_, i) => ping(`tourist-${i}`, i, i));
    const { entries, more } = legendOf(nextLiveFrame(emptyLiveFrame, pings, {}));
    render(
      <InEnglish>
        <Legend entries={entries} more={more} trailsHidden={0} />
      </InEnglish>,
    );
    const legend = screen.getByRole('region', { name: 'Live GPS legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `tourist-${i}`),
      '+2 more…',
    ]);
    const swatch = (i: number) => (items[i]!.querySelector('span[aria-hidden]') as HTMLElement).style.backgroundColor;
    expect(swatch(0)).toBe(cssColour(GPS_PALETTE[0]!));
    expect(swatch(7)).toBe(cssColour(GPS_PALETTE[1]!));
  });

  it('has no "more" line when all keys fit, and nothing at all without keys', () => {
    const { entries, more } = legendOf(nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1)], {}));
    const { unmount } = render(
      <InEnglish>
        <Legend entries={entries} more={more} trailsHidden={0} />
      </InEnglish>,
    );
    expect(screen.queryByText(/more…/)).toBeNull();
    expect(screen.queryByText(/Trails shown/)).toBeNull();
    unmount();
    render(
      <InEnglish>
        <Legend entries={[]} more={0} trailsHidden={0} />
      </InEnglish>,
    );
    expect(screen.queryByRole('region', { name: 'Live GPS legend' })).toBeNull();
  });
});

describe('responder units legend', () => {
  const unit = (kind: NearbyUnit['kind'], available = true): NearbyUnit => ({
    id: `u-${kind}-${available}`,
    regionId: 'shillong',
    name: kind,
    kind,
    phone: '+913640000100',
    position: [25.57, 91.88],
    available,
    demo: true,
    updatedAt: '2026-11-26T10:00:00.000Z',
    distanceM: 100,
    bearingDeg: 0,
    compass: 'N',
    estimateS: 9,
  });

  it('names the colour of each kind of unit shown, ringed as on the map, and grey for the unavailable', () => {
    render(
      <InEnglish>
        <Legend
          entries={[]}
          more={0}
          trailsHidden={0}
          responders={[unit('fire'), unit('police_station'), unit('ambulance', false), unit('fire')]}
        />
      </InEnglish>,
    );
    const legend = screen.getByRole('region', { name: 'Responder units legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Police station', 'Fire', 'Unavailable']);
    const swatch = (i: number) => (items[i]!.querySelector('span[aria-hidden]') as HTMLElement).style.backgroundColor;
    expect([swatch(0), swatch(1), swatch(2)]).toEqual([
      cssColour(RESPONDER_COLOURS.police_station),
      cssColour(RESPONDER_COLOURS.fire),
      cssColour(UNAVAILABLE_COLOUR),
    ]);
    expect(screen.queryByRole('region', { name: 'Live GPS legend' })).toBeNull();
  });

  it('sits under the live GPS keys when both are on the map', () => {
    const { entries, more } = legendOf(nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1)], {}));
    render(
      <InEnglish>
        <Legend entries={entries} more={more} trailsHidden={0} responders={[unit('hospital')]} />
      </InEnglish>,
    );
    expect(screen.getByRole('region', { name: 'Live GPS legend' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Responder units legend' })).getByText('Hospital')).toBeTruthy();
  });
});
