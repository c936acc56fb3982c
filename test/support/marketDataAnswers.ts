// The answers of GET /api/immobilienrichtwert and GET /api/liegenschaftszins in
// their documented shapes, for the stand-in service: an address in Dortmund
// (Nordrhein-Westfalen publishes both as open data) with two
// Immobilienrichtwerte, one in Kiel (outside the open data: 451) and any other
// address not found (404). The stand-ins of both add-ins' tests answer with these.

export type Answer = { status: number; body: unknown };

const errorAnswer = (status: number, error: string, message: string): Answer => ({
  status,
  body: { error, message, status },
});

export const MARKET_ADDRESSES = {
  dortmund: 'Marktstraße 1, 44135 Dortmund',
  kiel: 'Holstenstraße 1, 24103 Kiel',
} as const;

const ATTRIBUTION = {
  text: '© Gutachterausschuss für Grundstückswerte in der Stadt Dortmund (2026), Datenlizenz Deutschland – Zero – Version 2.0 (dl-de/zero-2-0)',
  license_url: 'https://www.govdata.de/dl-de/zero-2-0',
  source_url: 'https://www.opengeodata.nrw.de/produkte/infrastruktur_bauen_wohnen/boris/IRW/',
  year: 2026,
};

const IMMOBILIENRICHTWERTE = [
  { immobilienrichtwert: 3100, stichtag: '2026-01-01', teilmarkt: 'Eigentumswohnungen' },
  { immobilienrichtwert: 2800, stichtag: '2026-01-01', teilmarkt: 'Ein- und Zweifamilienhäuser' },
];

function outside(address: string | null): Answer | undefined {
  if (address === null || address.trim() === '')
    return errorAnswer(400, 'missing_address', 'Der Parameter address fehlt.');
  if (address === MARKET_ADDRESSES.kiel)
    return errorAnswer(
      451,
      'restricted_state',
      'Für Schleswig-Holstein liegen keine offenen Daten vor.',
    );
  if (address !== MARKET_ADDRESSES.dortmund)
    return errorAnswer(404, 'address_not_found', 'Die Adresse wurde nicht gefunden.');
  return undefined;
}

export function immobilienrichtwertAnswer(query: URLSearchParams, newer: boolean): Answer {
  const refused = outside(query.get('address'));
  if (refused) return refused;
  const teilmarkt = query.get('teilmarkt');
  const items = IMMOBILIENRICHTWERTE.filter(
    (item) => teilmarkt === null || item.teilmarkt === teilmarkt,
  ).map((item) =>
    newer ? { ...item, immobilienrichtwert: item.immobilienrichtwert + 100 } : item,
  );
  return {
    status: 200,
    body: {
      immobilienrichtwerte: items,
      attribution: ATTRIBUTION,
      abgerufen_am: '2026-11-20T09:30:00.000Z',
    },
  };
}

export function liegenschaftszinsAnswer(query: URLSearchParams): Answer {
  const refused = outside(query.get('address'));
  if (refused) return refused;
  const objektart = query.get('objektart');
  if (objektart === null)
    return errorAnswer(400, 'invalid_format', 'Der Parameter objektart fehlt.');
  return {
    status: 200,
    body: {
      liegenschaftszinssatz: 2.4,
      objektart,
      stichtag: query.get('stichtag') ?? '2026-01-01',
      attribution: ATTRIBUTION,
    },
  };
}
