import { HostProvider, type RemoteAppProps } from '@backoffice/shared/host';
import { Navigate, Route, Routes } from 'react-router-dom';
import MinesDashboard from './features/dashboard/MinesDashboard.tsx';
import './mines.css';

/** The remote's one exposed module: its routes, rendered by the shell inside the console layout. */
export default function MinesApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <Routes>
        <Route path="/mines/dashboard" element={<MinesDashboard />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </HostProvider>
  );
}
