import { useEffect } from 'react';
import { Header } from './components/Header';
import { TabList, tabPanel } from './components/Tabs';
import { Toasts } from './components/Toasts';
import { ShortcutsOverlay } from './components/ShortcutsOverlay';
import { RequestLog } from './screens/RequestLog';
import { StateBrowser } from './screens/StateBrowser';
import { VetConsole } from './screens/VetConsole';
import { Settings } from './screens/Settings';
import { HeldCalls } from './screens/holds/HeldCalls';
import { useStore } from './store';

const TABS = [
  { id: 'requests', label: 'Request log' },
  { id: 'state', label: 'State' },
  { id: 'vet', label: 'Vet console' },
  { id: 'settings', label: 'Settings' },
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
      <nav className="tabs-bar" aria-label="Screens">
        <TabList tabs={TABS} selected={tab} onSelect={setTab} label="Screens" idBase="screen" className="tabs" tabClassName="tab" />
      </nav>
      <HeldCalls />
      {/* The main landmark holds the tab panel: a role on <main> itself would replace the landmark. */}
      <main className="screen">
        <div className="screen-panel" {...tabPanel('screen', tab)}>
          {tab === 'requests' && <RequestLog />}
          {tab === 'state' && <StateBrowser />}
          {tab === 'vet' && <VetConsole />}
          {tab === 'settings' && <Settings />}
        </div>
      </main>
      <Toasts />
      <ShortcutsOverlay />
    </div>
  );
}
