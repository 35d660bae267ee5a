// The region the dashboard opens on (issue 46): the operator's stored choice, else the region the server
// names (`all` while the demo runs), else `default` (API.md).
import { describe, expect, it } from 'vitest';
import { readPreferences, regionChosen } from '../../src/domain/preferences.ts';

const storage = (entries: Record<string, string>) => ({
  getItem: (key: string) => entries[key] ?? null,
  key: (index: number) => Object.keys(entries)[index] ?? null,
  get length() {
    return Object.keys(entries).length;
  },
});

describe('the region the dashboard opens on', () => {
  it('is the stored one whatever the server names', () => {
    const stored = storage({ 'dash.regionId': 'shillong' });
    expect(regionChosen(stored)).toBe(true);
    expect(readPreferences(stored, false, 'all').regionId).toBe('shillong');
  });

  it("is the server's start region when none is stored, else default", () => {
    const empty = storage({});
    expect(regionChosen(empty)).toBe(false);
    expect(readPreferences(empty, false, 'all').regionId).toBe('all');
    expect(readPreferences(empty).regionId).toBe('default');
  });

  it("is the server's when the storage refuses to be read (private browsing)", () => {
    const refusing = () => {
      throw new Error('SecurityError');
    };
    expect(regionChosen(refusing)).toBe(false);
    expect(readPreferences(refusing, false, 'all').regionId).toBe('all');
  });
});
