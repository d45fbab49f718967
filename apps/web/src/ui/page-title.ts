import { createContext, useContext, useEffect } from 'react';

/** Set by the app shell: the club name appended to every document.title. */
export const TitleSuffixContext = createContext<string>('Klubhus');

/**
 * document.title = '{title} · {club name}'. Route metadata sets the default
 * title; a screen may refine it (e.g. 'Edit Kontakter') with this hook.
 */
export function usePageTitle(title: string | undefined) {
  const suffix = useContext(TitleSuffixContext);
  useEffect(() => {
    if (!title) return;
    document.title = suffix ? `${title} · ${suffix}` : title;
  }, [title, suffix]);
}
