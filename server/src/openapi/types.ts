// Loose OpenAPI 3.1 shapes: the document is plain data, checked as a whole
// against the OpenAPI 3.1 schema in the tests.
export type JsonObject = Record<string, unknown>;

/** One feature's part of the document. */
export interface OpenApiModule {
  paths: Record<string, JsonObject>;
  schemas?: Record<string, JsonObject>;
}
