// The core's public face, also built as out/main/core.js for benchmark and tooling scripts.
export { createSimulator, openSimulator, type Simulator, type SimulatorCore, type SimulatorOptions } from './simulator';
export { formatTimestamp } from './clock';
