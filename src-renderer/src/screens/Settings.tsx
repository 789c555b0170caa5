// Apps and credentials, rate limits, fault rules, the simulator clock, the vet autopilot, and the data itself:
// one panel each, in the order a tester sets a run up. Each panel's forms live in its own file.
import { AutopilotEditor } from './AutopilotEditor';
import { FaultsEditor } from './FaultsEditor';
import { AppsPanel } from './settings/AppsPanel';
import { ClockPanel } from './settings/ClockPanel';
import { DataPanel } from './settings/DataPanel';
import { HoldsPanel } from './holds/HoldsPanel';

export function Settings() {
  return (
    <div className="settings">
      <AppsPanel />
      <ClockPanel />
      <AutopilotEditor />
      <FaultsEditor />
      <HoldsPanel />
      <DataPanel />
    </div>
  );
}
