// The features of an XML document read as a stream: htmlparser2 calls back per
// element, and only the element of a wanted feature type (by local name,
// wherever it sits: the wrapper of a BRM Bestandsdatenausgabe is not
// documented publicly) is built up, in the tree shape of sources/xmlTree.ts
// (children by local name as arrays, '#text', '@_attribute' without prefixes),
// so the GML surface and field-path readers of the live route read it. One
// feature is held at a time, never the file.
import { Parser } from 'htmlparser2';
import type { XmlNode } from '../../sources/xmlTree.js';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

interface Open {
  node: XmlNode;
  text: string;
}

export interface FeatureNodeParser {
  write(chunk: string): void;
  end(): void;
  /** The features completed since the last call. */
  take(): XmlNode[];
  /** Whether end() found elements still open: the file was cut off. */
  cutOff(): boolean;
}

export function featureNodeParser(featureTypes: ReadonlySet<string>): FeatureNodeParser {
  let done: XmlNode[] = [];
  let ending = false;
  let cutOff = false;
  /** The elements of the feature being read, outermost first; empty outside one. */
  const stack: Open[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const local = localName(name);
        if (stack.length === 0 && !featureTypes.has(local)) return;
        const node: XmlNode = {};
        for (const [key, value] of Object.entries(attributes)) {
          if (key === 'xmlns' || key.startsWith('xmlns:')) continue;
          node[`@_${localName(key)}`] = value;
        }
        const parent = stack[stack.length - 1]?.node;
        if (parent) {
          const siblings = parent[local];
          if (Array.isArray(siblings)) siblings.push(node);
          else parent[local] = [node];
        }
        stack.push({ node, text: '' });
      },
      ontext(text) {
        const open = stack[stack.length - 1];
        if (open) open.text += text;
      },
      onclosetag() {
        // htmlparser2 closes what is still open when the input ends.
        if (ending) cutOff = true;
        const open = stack.pop();
        if (!open) return;
        open.node['#text'] = open.text.trim();
        if (stack.length === 0) done.push(open.node);
      },
    },
    { xmlMode: true },
  );
  return {
    write: (chunk) => parser.write(chunk),
    end() {
      ending = true;
      parser.end();
    },
    take() {
      const taken = done;
      done = [];
      return taken;
    },
    cutOff: () => cutOff,
  };
}
