import { useEffect } from 'react';
import { Header } from './components/Header';
import { Toasts } from './components/Toasts';
import { RequestLog } from './screens/RequestLog';
import { StateBrowser } from './screens/StateBrowser';
import { VetConsole } from './screens/VetConsole';
import { Settings } from './screens/Settings';
import { useStore } from './store';

const TABS = [
  ['requests', 'Request log'],
  ['state', 'State'],
  ['vet', 'Vet console'],
  ['settings', 'Settings'],
] as const;

export function App() {
  const tab = useStore((s) => s.tab);
  const setTab = useStore((s) => s.setTab);
  const followHash = useStore((s) => s.followHash);
  useEffect(() => {
    // Links between screens are plain anchors (#requests/42, #vet/CH…): they open in a new window too.
    const onHash = () => followHash(location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [followHash]);
  return (
    <div className="app">
      <Header />
      <nav className="tabs" role="tablist">
        {TABS.map(([id, label]) => (
          <button key={id} role="tab" aria-selected={tab === id} className={tab === id ? 'tab active' : 'tab'} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </nav>
      <main className="screen">
        {tab === 'requests' && <RequestLog />}
        {tab === 'state' && <StateBrowser />}
        {tab === 'vet' && <VetConsole />}
        {tab === 'settings' && <Settings />}
      </main>
      <Toasts />
    </div>
  );
}
