export interface SimulatorOptions {
  baseUrl: string;
  log: (line: string) => void;
}
export function startSimulator(options: SimulatorOptions): { stop: () => Promise<void> } {
  options.log('simulator not built yet');
  return { stop: async () => {} };
}
