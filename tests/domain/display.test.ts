import { describe, expect, it } from 'vitest';
import { formatDistance } from '../../src/domain/display.ts';

describe('one way to write a distance', () => {
  it('in whole metres below a kilometre, then in kilometres to one decimal (a unit away, a replayed track)', () => {
    expect([
      formatDistance(0),
      formatDistance(296.4),
      formatDistance(999.4),
      formatDistance(999.6),
      formatDistance(1050),
      formatDistance(1250),
      formatDistance(4280),
    ]).toEqual(['0 m', '296 m', '999 m', '1.0 km', '1.1 km', '1.3 km', '4.3 km']);
  });
});
