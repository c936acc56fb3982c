// The `aktualitaet` of a lookup answer: which stichtag it holds, the newest
// the state's service offers, the newest the state's cycle makes due, and a
// German note where they differ.
import { z } from 'zod';
import { TURNUS } from '../apiTypes.js';

const day = (description: string) => z.iso.date().meta({ description });

export const aktualitaetSchema = z
  .object({
    stichtag: day('Neuester Stichtag dieser Antwort (am Standort, unabhängig vom Filter).'),
    stichtag_angeboten: day(
      'Neuester Stichtag, den der Dienst des Landes anbietet, wie zuletzt gelesen (höchstens ' +
        'täglich); fehlt, solange er nicht gelesen ist oder sich nicht lesen lässt.',
    ).optional(),
    angebot_gelesen_am: z.iso
      .datetime()
      .meta({ description: 'Wann das Angebot des Dienstes gelesen wurde.' })
      .optional(),
    stichtag_erwartet: day(
      'Neuester Stichtag, der nach dem Turnus des Landes (§ 196 Abs. 1 BauGB) und seinem ' +
        'üblichen Veröffentlichungstag fällig ist.',
    ).optional(),
    turnus: z
      .enum(TURNUS)
      .meta({ description: 'Wie oft das Land Bodenrichtwerte ermittelt (zum 1. Januar).' })
      .optional(),
    hinweis: z
      .string()
      .meta({
        description:
          'Nur vorhanden, wenn Antwort, Angebot des Dienstes und Turnus auseinanderfallen; ' +
          'sichtbar anzeigen.',
      })
      .optional(),
  })
  .meta({ description: 'Wie aktuell die Antwort ist.' });
