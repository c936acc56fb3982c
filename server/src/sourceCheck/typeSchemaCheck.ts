// The WFS checks shared by the three WFS kinds: the types the registry names
// are offered (GetCapabilities), and a described type has the namespace, the
// geometry property and the field paths the registry uses.
import type { FeatureTypeSchema } from '../sources/ogc/describeFeatureType.js';
import { wfsFeatureTypeNames } from '../sources/ogc/capabilities.js';
import { checkFields, mismatch, notCheckable, type fieldPaths, type Finding } from './findings.js';
import type { SchemaCheckDeps } from './kindCheck.js';

type Fields = ReturnType<typeof fieldPaths>;

export async function missingTypes(
  deps: SchemaCheckDeps,
  url: string,
  typeNames: readonly string[],
): Promise<Finding[]> {
  if (typeNames.length === 0) return [];
  const offered = await wfsFeatureTypeNames(deps.upstream, url);
  return typeNames
    .filter((name) => !offered.includes(name))
    .map((name) =>
      mismatch(
        `type \`${name}\` is not offered; the service offers: ${offered.join(', ') || 'no types'}`,
      ),
    );
}

export function checkType(
  typeName: string,
  schema: FeatureTypeSchema | undefined,
  namespaces: Readonly<Record<string, string>>,
  wanted: { geometryProperty?: string; fields: Fields },
): Finding[] {
  if (!schema)
    return [
      mismatch(`type \`${typeName}\` is offered but DescribeFeatureType does not describe it`),
    ];
  const findings: Finding[] = [];
  const prefix = typeName.slice(0, typeName.indexOf(':'));
  const declared = namespaces[prefix];
  if (declared !== undefined && schema.namespace !== declared) {
    findings.push(
      mismatch(
        `namespace of \`${typeName}\` is ${schema.namespace}; the registry declares ${prefix} as ${declared}`,
      ),
    );
  }
  const geometry = wanted.geometryProperty;
  if (geometry !== undefined && schema.geometryProperty !== geometry) {
    if (schema.geometryProperty === undefined && schema.unresolved.length > 0) {
      findings.push(
        notCheckable(
          `geometry property \`${geometry}\` of \`${typeName}\`: part of the type is defined in a schema that could not be read`,
        ),
      );
    } else {
      const actual = schema.geometryProperty;
      findings.push(
        mismatch(
          `geometry property \`${geometry}\` is not in \`${typeName}\`; ${actual === undefined ? 'the type has no geometry property' : `its geometry property is \`${actual}\``}`,
        ),
      );
    }
  }
  return [...findings, ...checkFields(wanted.fields, typeName, schema)];
}
