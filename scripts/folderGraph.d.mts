// Types of folderGraph.mjs, for the test that feeds it small cruise results.
/** The part of dependency-cruiser's JSON result the reporter reads. */
export interface CruiseResult {
  modules: readonly {
    source: string;
    dependencies: readonly { resolved: string }[];
  }[];
}

export default function folderGraphReporter(cruiseResult: CruiseResult): {
  output: string;
  exitCode: 0 | 1;
};
