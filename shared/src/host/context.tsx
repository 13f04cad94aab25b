import { createContext, type ReactNode, useContext } from 'react';
import type { HostContext } from './types.ts';

const HostReactContext = createContext<HostContext | null>(null);

export function HostProvider({ host, children }: { host: HostContext; children: ReactNode }) {
  return <HostReactContext.Provider value={host}>{children}</HostReactContext.Provider>;
}

export function useHost(): HostContext {
  const host = useContext(HostReactContext);
  if (!host) throw new Error('useHost() needs a <HostProvider> above it');
  return host;
}
