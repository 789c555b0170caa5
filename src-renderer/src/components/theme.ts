// The colour theme: the system's (prefers-color-scheme, the default) unless the tester picks light or dark
// in the header. The choice is an attribute on <html> that styles.css reads, and is kept in localStorage so
// it survives a reload; it is read before the first render, so the page never flashes the other theme.
import { useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'vet-sim-theme';

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system'; // storage refused (a locked-down profile): the system's theme
  }
}

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Applies the stored choice; called once before React renders. */
export function initTheme(): void {
  apply(stored());
}

export function useTheme(): [ThemeChoice, (c: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(stored);
  const set = (c: ThemeChoice) => {
    setChoice(c);
    apply(c);
    try {
      if (c === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, c);
    } catch {
      // not kept past this page: the choice still applies now
    }
  };
  return [choice, set];
}
