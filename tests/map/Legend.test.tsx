import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Legend } from '../../src/map/Legend.tsx';
import { emptyLiveFrame, legendOf, nextLiveFrame, TRAIL_CAP } from '../../src/map/live-frame.ts';
import { cssColour, GPS_PALETTE } from '../../src/map/style.ts';
import { ping } from './fixtures.ts';

afterEach(cleanup);

describe('GPS legend', () => {
  it('says when trails are drawn for the first devices only', () => {
    const keys = Array.from({ length: TRAIL_CAP + 3 }, (_, i) => `device-${i}`);
    const history = Object.fromEntries(keys.map((key) => [key, [{ latitude: 1, longitude: 1, at: '' }]]));
    const { entries, more, trailsHidden } = legendOf(nextLiveFrame(emptyLiveFrame, [], history));
    render(<Legend entries={entries} more={more} trailsHidden={trailsHidden} />);
    const legend = screen.getByRole('region', { name: 'Live GPS legend' });
    expect(within(legend).getByText(`Trails shown for the first ${TRAIL_CAP} devices (3 more without)`)).toBeTruthy();
  });

  it('shows the first 10 live keys with their palette colours, then +N more…', () => {
    const pings = Array.from({ length: 12 }, (_, i) => ping(`tourist-${i}`, i, i));
    const { entries, more } = legendOf(nextLiveFrame(emptyLiveFrame, pings, {}));
    render(<Legend entries={entries} more={more} trailsHidden={0} />);
    const legend = screen.getByRole('region', { name: 'Live GPS legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([...Array.from({ length: 10 }, (_, i) => `tourist-${i}`), '+2 more…']);
    const swatch = (i: number) => (items[i]!.querySelector('span[aria-hidden]') as HTMLElement).style.backgroundColor;
    expect(swatch(0)).toBe(cssColour(GPS_PALETTE[0]!));
    expect(swatch(7)).toBe(cssColour(GPS_PALETTE[1]!));
  });

  it('has no "more" line when all keys fit, and nothing at all without keys', () => {
    const { entries, more } = legendOf(nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1)], {}));
    const { unmount } = render(<Legend entries={entries} more={more} trailsHidden={0} />);
    expect(screen.queryByText(/more…/)).toBeNull();
    expect(screen.queryByText(/Trails shown/)).toBeNull();
    unmount();
    render(<Legend entries={[]} more={0} trailsHidden={0} />);
    expect(screen.queryByRole('region', { name: 'Live GPS legend' })).toBeNull();
  });
});
