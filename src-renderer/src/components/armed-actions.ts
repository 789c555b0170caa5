// "Disable all" for each kind of armed rule, as the control API says it (docs/control-api.md): fault rules are
// replaced by none, each hold is removed, the autopilot's rules are cleared, the clock goes back to real time.
// Each resolves with the sentence a toast says; a refusal throws with the simulator's own words.
import { control } from '../api';
import { useStore } from '../store';
import { refresh } from '../sync';

export type ArmedKind = 'faults' | 'holds' | 'autopilot' | 'clock';

export async function disableAll(kind: ArmedKind): Promise<string> {
  switch (kind) {
    case 'faults':
      await control.putFaults({ body: { items: [] } });
      await refresh.faults();
      return 'Every fault rule is disabled: calls are answered as usual.';
    case 'holds': {
      const holds = useStore.getState().holds;
      // One by one: a hold removed meanwhile (by a script, or by timing out) is not a failure.
      const results = await Promise.allSettled(holds.map((h) => control.removeHold({ params: { id: h.id } })));
      const failed = results.find((r) => r.status === 'rejected' && (r.reason as { status?: number }).status !== 404);
      if (failed) throw (failed as PromiseRejectedResult).reason;
      return 'Every hold is removed: calls are answered at once.';
    }
    case 'autopilot':
      await control.clearAutopilot();
      return 'The autopilot rules are cleared: new consultations wait for a vet.';
    case 'clock':
      await control.setClock({ body: { real_time: true } });
      await refresh.clock();
      return 'The simulator clock is back on real time.';
  }
}
