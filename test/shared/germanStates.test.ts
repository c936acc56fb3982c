import { describe, expect, it } from 'vitest';
import {
  GERMAN_STATES,
  germanState,
  germanStateByName,
  stateCode,
  stateId,
} from '#shared/germanStates.js';
import { LAND_OF_SCHLUESSEL } from '#shared/flurstueckskennzeichen.js';

describe('the table of the German states', () => {
  it('holds sixteen states, each code, id, name and Länderschlüssel once', () => {
    expect(GERMAN_STATES).toHaveLength(16);
    for (const key of ['code', 'id', 'name', 'schluessel'] as const) {
      expect(new Set(GERMAN_STATES.map((state) => state[key])).size).toBe(16);
    }
    for (const state of GERMAN_STATES) expect(state.id).toBe(`DE-${state.code}`);
    expect(GERMAN_STATES.filter((s) => s.cityState).map((s) => s.code)).toEqual(['BE', 'HB', 'HH']);
  });

  it('gives the Kennzeichen its Länder by the official Länderschlüssel', () => {
    expect(LAND_OF_SCHLUESSEL['05']).toBe('NW');
    expect(LAND_OF_SCHLUESSEL['11']).toBe('BE');
    expect(LAND_OF_SCHLUESSEL['01']).toBe('SH');
    expect(LAND_OF_SCHLUESSEL['16']).toBe('TH');
    expect(LAND_OF_SCHLUESSEL['17']).toBeUndefined();
  });
});

describe('stateCode and stateId', () => {
  it('turn a code into the id and back for every state', () => {
    for (const state of GERMAN_STATES) {
      expect(stateId(state.code)).toBe(state.id);
      expect(stateId(state.id)).toBe(state.id);
      expect(stateCode(state.id)).toBe(state.code);
      expect(stateCode(state.code)).toBe(state.code);
    }
  });

  it('read what an operator types: any case, spaces around', () => {
    expect(stateId('nw')).toBe('DE-NW');
    expect(stateId(' de-he ')).toBe('DE-HE');
    expect(stateId('De-Be')).toBe('DE-BE');
    expect(stateCode('de-nw')).toBe('NW');
    expect(stateCode(' th')).toBe('TH');
  });

  it('answer undefined for anything that is not a German state', () => {
    for (const input of ['', 'XX', 'DE-XX', 'DE-', 'DE', 'AT-9', 'NRW', 'DE-NW-1', 'DENW', ' ']) {
      expect(stateId(input), input).toBeUndefined();
      expect(stateCode(input), input).toBeUndefined();
    }
    expect(stateId(undefined)).toBeUndefined();
    expect(stateCode(undefined)).toBeUndefined();
  });
});

describe('germanState and germanStateByName', () => {
  it('find a state by code, id or its German name', () => {
    expect(germanState('DE-HB')).toMatchObject({ name: 'Bremen', cityState: true });
    expect(germanState('sn')?.name).toBe('Sachsen');
    expect(germanStateByName('thüringen')?.id).toBe('DE-TH');
    // The composed and the decomposed ü are one name.
    expect(germanStateByName('Thu\u0308ringen')?.id).toBe('DE-TH');
    expect(germanStateByName(' Nordrhein-Westfalen ')?.code).toBe('NW');
    expect(germanStateByName('Sachsen')?.code).toBe('SN');
    expect(germanStateByName('Westfalen')).toBeUndefined();
    expect(germanStateByName(undefined)).toBeUndefined();
  });
});
