import { HostProvider, type RemoteAppProps } from '@backoffice/shared/host';
import { Navigate, Route, Routes } from 'react-router-dom';

/** The remote's one exposed module: its routes, rendered by the shell inside the console layout. */
export default function App({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <Routes>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </HostProvider>
  );
}
