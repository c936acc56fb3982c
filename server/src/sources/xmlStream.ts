// Reads an upstream XML answer as a stream of events (htmlparser2's Parser,
// as the address import reads GML), for readers that keep only a little of a
// large document: a capabilities answer under the body limit can hold
// 270,000 layers or a time dimension of 700,000 dates, and a tree of it
// (xmlTree.ts) takes seconds and more heap than the service has. The text is
// fed in slices (inTurns.ts); given the answer's bytes, each slice is decoded
// on its own turn, since decoding a body of 8 MiB at once held the event loop
// for 23-57 ms of CPU by itself. Element names lose their namespace
// prefix, as in xmlTree.ts. A reader bounds what it keeps by throwing
// UpstreamOutage from a callback: the read stops there.
import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import { inTurns } from './inTurns.js';

export interface XmlEvents {
  /** `path` holds the names of the open ancestors, the root first; the element is not in it. */
  open?(name: string, attributes: Readonly<Record<string, string>>, path: readonly string[]): void;
  /** Text of the innermost open element, in one or more pieces. */
  text?(text: string, path: readonly string[]): void;
  close?(name: string, path: readonly string[]): void;
}

/** As deep as xmlTree.ts's parser nests (fast-xml-parser's maxNestedTags). */
const MAX_DEPTH = 100;

/** A document as text, or as the bytes of its UTF-8 text (an upstream body's `bytes`). */
export type XmlSource = string | Uint8Array;

/** Hands the source to `write` as text a slice at a time, a character split between two byte slices whole. */
async function writeInTurns(source: XmlSource, write: (text: string) => void): Promise<void> {
  if (typeof source === 'string') return inTurns(source, write);
  const decoder = new StringDecoder('utf8');
  await inTurns(source, (slice) => write(decoder.write(slice)));
  write(decoder.end());
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function malformed(why: string): UpstreamOutage {
  return new UpstreamOutage('malformed_body', `not well-formed XML: ${why}`);
}

/**
 * Reads `source` through `events` and resolves with the root element's local
 * name; an outage when the XML is not well formed (cut off, tags crossed,
 * nested deeper than MAX_DEPTH).
 */
export async function readXmlEvents(source: XmlSource, events: XmlEvents): Promise<string> {
  const path: string[] = [];
  let root: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const local = localName(name);
        if (path.length === 0 && root !== undefined) throw malformed('a second root element');
        root ??= local;
        if (path.length >= MAX_DEPTH) throw malformed(`nested deeper than ${MAX_DEPTH}`);
        events.open?.(local, attributes, path);
        path.push(local);
      },
      ontext(piece) {
        if (path.length > 0) events.text?.(piece, path);
      },
      onclosetag(name, isImplied) {
        if (isImplied) throw malformed(`<${name}> not closed`);
        path.pop();
        events.close?.(localName(name), path);
      },
    },
    { xmlMode: true },
  );
  await writeInTurns(source, (text) => parser.write(text));
  parser.end();
  if (root === undefined) throw malformed('no element');
  return root;
}
