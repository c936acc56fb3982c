// A parcel whose actual use (tatsächliche Nutzung of the cadastre) is a
// traffic or water area is not building land or farmland: a land value per
// square metre of the zones around it does not apply. The names are the
// ALKIS object types of the groups Verkehr and Gewässer (GeoInfoDok, AAA
// Objektartenkatalog: AX_Strassenverkehr, AX_Weg, AX_Platz, AX_Bahnverkehr,
// AX_Flugverkehr, AX_Schiffsverkehr, AX_Fliessgewaesser, AX_Hafenbecken,
// AX_StehendesGewaesser, AX_Meer) as the ave services write them in their
// use text.
const NOT_VALUED_USES = [
  'Straßenverkehr',
  'Weg',
  'Platz',
  'Bahnverkehr',
  'Flugverkehr',
  'Schiffsverkehr',
  'Gewässer',
  'Fließgewässer',
  'Hafenbecken',
  'Stehendes Gewässer',
  'Meer',
];

const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();
const NOT_VALUED = new Set(NOT_VALUED_USES.map(fold));

/** The hinweis for a traffic or water parcel, or undefined when the parcel is valued. */
export function notValuedHinweis(nutzung: string | undefined): string | undefined {
  if (nutzung === undefined || !NOT_VALUED.has(fold(nutzung))) return undefined;
  return (
    `Das Flurstück ist im Liegenschaftskataster als „${nutzung.trim()}“ genutzt ` +
    '(Verkehrs- oder Wasserfläche); ein Bodenwert aus Bodenrichtwerten wird dafür nicht ' +
    'berechnet. Die Bodenrichtwertzonen, die es berührt, sind aufgeführt.'
  );
}
