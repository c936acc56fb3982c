import { describe, expect, it } from 'vitest';
import { CrowdedAddresses, MAX_NAMED } from '#server/addressImport/crowdedAddresses.js';

const address = (i: number, locality: string | null = null) => ({
  placeKey: `gemeinde${i % 400}`,
  localityKey: locality,
  streetKey: `teststr${Math.floor(i / 400) % 300}`,
  number: 1 + Math.floor(i / 120_000),
  suffix: '',
});

describe('addresses that may have more points than a building carries', () => {
  it('names every address past the crowd among a million, and almost no other', () => {
    const crowds = new CrowdedAddresses(10);
    // 1,000,000 addresses of one point each (gemeinde × street × number are distinct).
    for (let i = 0; i < 1_000_000; i += 1) crowds.add(address(i));
    // Eleven points: crowded; ten: not (among them one of the million already counted).
    for (let k = 0; k < 10; k += 1) crowds.add(address(5, 'ortsteil'));
    crowds.add(address(5, 'ortsteil'));
    for (let k = 0; k < 9; k += 1) crowds.add(address(7));
    const named = [...crowds.named.values()];
    expect(named).toContainEqual(address(5, 'ortsteil'));
    expect(named).not.toContainEqual(address(7));
    expect(named.length).toBeLessThanOrEqual(3);
    expect(crowds.overflow).toBe(false);
  });

  it('says when it named as many as it keeps', () => {
    const crowds = new CrowdedAddresses(1);
    for (let i = 0; i < MAX_NAMED + 5; i += 1) {
      crowds.add(address(i));
      crowds.add(address(i));
    }
    expect([crowds.named.size, crowds.overflow]).toEqual([MAX_NAMED, true]);
  });
});
