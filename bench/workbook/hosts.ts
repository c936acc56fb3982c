// `npm run bench:workbook -- --hosts`: the built add-ins in the stand-ins with
// the real hosts' documented behaviours (dev/hosts/excel, each with its
// source), one line per scenario, `hosts: <scenario>: <figures>`. The table
// HOST_SCENARIOS lists them: a new scenario is one record.

/** A scenario's figures in the order they are printed ("requests 0, charged 0"). */
export type Figures = [label: string, value: number | string][];

/** What a scenario gets: the service with its addresses, and the figures it charged. */
export interface HostsContext {
  /** Addresses of the service no scenario has asked for yet. */
  take(count: number): string[];
  url: string;
  token: string;
  charged(): Promise<number>;
}

export interface HostScenario {
  /** The line's name, after "hosts: ". */
  name: string;
  /** Fresh addresses the scenario asks for. */
  addresses: number;
  run(context: HostsContext): Promise<Figures>;
}

export const hostsLine = (name: string, figures: Figures) =>
  `hosts: ${name}: ${figures.map(([label, value]) => `${label} ${value}`).join(', ')}`;
