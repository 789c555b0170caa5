// How many autopilot rules are armed, for the header's chip: read again on every `autopilot` state event
// (a save in Settings, a script's PUT, a reset) and on every (re)connection.
import { useEffect, useState } from 'react';
import { control } from '../api';
import { useStore } from '../store';

export function useAutopilotRules(): number {
  const version = useStore((s) => s.versions.autopilot ?? 0);
  const live = useStore((s) => s.connection === 'live');
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!live) return;
    let current = true;
    control.getAutopilot().then((d) => current && setCount(Array.isArray(d.rules) ? d.rules.length : 0), () => undefined);
    return () => void (current = false);
  }, [version, live]);
  return count;
}
