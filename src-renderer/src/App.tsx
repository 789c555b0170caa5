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
  useEffect(() => {
    const onHash = () => {
      const t = location.hash.slice(1);
      if (TABS.some(([id]) => id === t)) setTab(t as (typeof TABS)[number][0]);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [setTab]);
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
