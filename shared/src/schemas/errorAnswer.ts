// The body of every error answer (§2.6), as the API documents it.
import { z } from 'zod';
import { LIMIT_REASONS } from '../apiTypes.js';

export const errorBodySchema = z
  .object({
    error: z.string().meta({ description: 'Fester Fehlercode, zum Verzweigen in Programmen.' }),
    message: z.string().meta({ description: 'Beschreibung für Menschen (deutsch).' }),
    status: z.int().meta({ description: 'Der HTTP-Status der Antwort.' }),
    reason: z.enum(LIMIT_REASONS).optional(),
    upgrade_url: z
      .url()
      .meta({ description: 'Nur bei 402 limit_reached: die Seite zum Buchen eines Tarifs.' })
      .optional(),
  })
  .meta({ description: 'Inhalt jeder Fehlerantwort (§2.6).' });
