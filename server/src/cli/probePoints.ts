// A known address per covered state for `npm run sources:check`: a point in
// the centre of a city, where every state service must know a land-value
// zone. The loopback fakes place their zones around the same points.
import type { LatLon } from '../lookup/sources/sourceRecord.js';

export interface ProbePoint extends LatLon {
  place: string;
}

export const PROBE_POINTS: Readonly<Record<string, ProbePoint>> = {
  'DE-BB': { place: 'Potsdam, Brandenburger Straße 30', lat: 52.40035, lon: 13.05468 },
  'DE-BE': { place: 'Berlin, Pariser Platz 1', lat: 52.5163, lon: 13.3777 },
  'DE-HB': { place: 'Bremen, Obernstraße 20', lat: 53.0765, lon: 8.8075 },
  'DE-HE': { place: 'Wiesbaden, Wilhelmstraße 20', lat: 50.0805, lon: 8.243 },
  'DE-HH': { place: 'Hamburg, Alter Wall 11', lat: 53.550491, lon: 9.991265 },
  'DE-MV': { place: 'Schwerin, Markt 1', lat: 53.62866, lon: 11.41386 },
  'DE-NI': { place: 'Hannover, Georgstraße 10', lat: 52.3745, lon: 9.7386 },
  'DE-NW': { place: 'Münster, Prinzipalmarkt 10', lat: 51.9624, lon: 7.6283 },
  'DE-RP': { place: 'Mainz, Markt 1', lat: 49.99907, lon: 8.27398 },
  'DE-ST': { place: 'Magdeburg, Alter Markt 6', lat: 52.13175, lon: 11.63904 },
  'DE-TH': { place: 'Erfurt, Fischmarkt 1', lat: 50.97821, lon: 11.02914 },
};
