// The special-law area of a zone (Verfahrensgrund, §§ 136 ff., 165 ff.,
// 171a ff., 171e BauGB) and whether its value includes the effect of the
// measure (Verfahrensgrund-Zusatz), read into German text. A valuer must see
// both: a value inside a redevelopment area is either "sanierungsunbeeinflusst"
// or "-beeinflusst" and is used differently.
// The Zusatz also says what the value is (NRW data model v3.2, fields 32/33;
// the BORIS portals' code lists): an un-influenced value (SU, EU) is the
// Anfangswert of the area, an influenced one (SB, EB) its Endwert, the pair a
// valuer needs for the Ausgleichsbetrag (§ 154 BauGB); the answer's text
// names it, not only the code.
// The codes are those of VBORIS2 (VERG San/Entw, VERF SU/SB/EU/EB; Berlin's
// `verfahrensart` is the long name of VERG) and of the BORIS portals' code
// lists, which add SoSt (Soziale Stadt) and StUb (Stadtumbau); the names are
// accepted too. Anything else (e.g. a numeric code list value nobody has
// decoded publicly) is left out, and the mapper logs it.

const VERFAHRENSGRUND: Readonly<Record<string, string>> = {
  san: 'Sanierungsgebiet',
  entw: 'Entwicklungsbereich',
  sost: 'Soziale Stadt',
  stub: 'Stadtumbau',
};

const VERFAHRENSGRUND_ZUSATZ: Readonly<Record<string, string>> = {
  su: 'sanierungsunbeeinflusst (Anfangswert)',
  sb: 'sanierungsbeeinflusst (Endwert)',
  eu: 'entwicklungsunbeeinflusst (Anfangswert)',
  eb: 'entwicklungsbeeinflusst (Endwert)',
};

/**
 * Codes and names, lower-cased, to the name ("Sanierungsgebiet (San)" is read
 * too); a name's word without its bracketed meaning ("sanierungsunbeeinflusst")
 * is read as the name.
 */
function reader(table: Readonly<Record<string, string>>) {
  const byText = new Map<string, string>();
  for (const [code, name] of Object.entries(table)) {
    byText.set(code, name);
    byText.set(name.toLowerCase(), name);
    byText.set(name.replace(/ \(.*\)$/u, '').toLowerCase(), name);
  }
  return (published: string | undefined): string | undefined => {
    if (published === undefined) return undefined;
    const text = published.trim().toLowerCase();
    const bracketed = /\(([^)]+)\)$/.exec(text)?.[1];
    // "sanierungsunbeeinflusster Bodenrichtwert …" as a portal writes it.
    const stem = /^(\p{L}+?)(?:e[rsn]?)?(?:\s|$)/u.exec(text)?.[1];
    return (
      byText.get(text) ??
      (bracketed === undefined ? undefined : byText.get(bracketed)) ??
      (stem === undefined ? undefined : byText.get(stem))
    );
  };
}

/** German name of the special-law area, or undefined for an unknown code. */
export const readPublishedVerfahrensgrund = reader(VERFAHRENSGRUND);

/** Whether the value includes the measure's effect and so is the Anfangs- or Endwert; undefined for an unknown code. */
export const readPublishedVerfahrensgrundZusatz = reader(VERFAHRENSGRUND_ZUSATZ);
