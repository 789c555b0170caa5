// An unreachable server greys the whole UI behind one banner, and nothing in it can be clicked or typed into
// while it lasts (the page is `inert`): a click would only fail, and a form half-sent would be lost. The banner
// lives outside the app (a portal to <body>), so it alone stays readable; it goes when the event stream opens
// again (sync.ts sets the connection back to live), which the browser retries by itself every few seconds.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '../store';

export function OfflineBanner() {
  const offline = useStore((s) => s.connection === 'offline');
  const [since, setSince] = useState<Date | null>(null);
  useEffect(() => {
    const app = document.querySelector<HTMLElement>('.app');
    if (!app) return;
    app.inert = offline;
    app.classList.toggle('offline', offline);
    setSince(offline ? new Date() : null);
    return () => {
      app.inert = false;
      app.classList.remove('offline');
    };
  }, [offline]);
  if (!offline) return null;
  return createPortal(
    <div className="offline-banner" role="alert" data-testid="offline-banner">
      <b>The simulator is not answering.</b> Its server stopped or the network is down; this page reconnects by itself as soon as it is back.
      {since && <span className="muted-on-alert"> Since {since.toLocaleTimeString()}.</span>}
    </div>,
    document.body,
  );
}
