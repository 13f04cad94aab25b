import { createRoot } from 'react-dom/client';
import { List } from './List.tsx';

createRoot(document.getElementById('root')!).render(<List />);
