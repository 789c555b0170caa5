// The preload exposes only what a browser cannot do; the UI works without it.
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('simDesktop', {
  openDataFolder: (): Promise<string> => ipcRenderer.invoke('sim:open-data-folder'),
});
